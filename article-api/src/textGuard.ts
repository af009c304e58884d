/**
 * Text the article schema would take but the service must not store:
 * - unpaired UTF-16 surrogates, which SQLite would silently turn into U+FFFD, so the stored article
 *   would differ from the one acknowledged;
 * - in the one-line fields, control characters (NUL, ESC, DEL, C1…). The HTML content may hold
 *   tabs and line breaks, and the sanitiser already drops the rest there.
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const MULTI_LINE_FIELDS = new Set(['content']);

/** The top-level fields of a JSON body whose text is malformed, in body order. */
export function malformedTextFields(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.entries(body).flatMap(([field, value]) => {
    if (typeof value !== 'string') return [];
    const malformed =
      UNPAIRED_SURROGATE.test(value) || (!MULTI_LINE_FIELDS.has(field) && CONTROL_CHARACTER.test(value));
    return malformed ? [field] : [];
  });
}
