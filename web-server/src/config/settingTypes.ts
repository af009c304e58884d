// The shapes one setting of the web server's configuration can take (config.ts reads them all):
// an http(s) URL, JSON given as text (or as the config file's own JSON), a comma-separated list;
// and a zod issue as the one line that names the setting.
import { z } from 'zod';

/** An absolute http(s) URL; `what` names the setting in the message. */
export const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `${what} must be an absolute http(s) URL`);

/** One line a problem, naming the setting (and the key inside a JSON setting). */
export function describeIssue(issue: z.core.$ZodIssue, name: string): string {
  if (issue.code === 'custom') return issue.message;
  // zod leaves the input out of its issues: a missing value is the one "received undefined".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `${name} is required`;
  return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
}

/** JSON as text (the environment) or as a value (the config file), checked against `schema`. */
export const jsonText = <T extends z.ZodType>(schema: T, what: string) =>
  z.union([z.string(), z.record(z.string(), z.unknown())]).transform((value, context): z.output<T> => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: `${what} is not JSON` });
        return z.NEVER;
      }
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        context.addIssue({
          code: 'custom',
          message: describeIssue(issue, [what, ...issue.path.map(String)].join('.')),
        });
      }
      return z.NEVER;
    }
    return result.data;
  });

/** A comma-separated list, its items trimmed, empty ones dropped. */
export const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
