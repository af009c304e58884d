/**
 * The admin rule shared by article-api and the shell: a user is an admin when their e-mail is in
 * ADMIN_EMAILS (comma-separated; entries trimmed and compared lower-cased).
 */

export const DEFAULT_ADMIN_EMAILS: readonly string[] = ['admin@example.com'];

/** Parses ADMIN_EMAILS; an unset or empty list means the built-in default (spec section 6). */
export function parseAdminEmails(list: string | null | undefined): string[] {
  const emails = (list ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  return emails.length > 0 ? emails : [...DEFAULT_ADMIN_EMAILS];
}

export function isAdminEmail(email: string | null | undefined, adminEmails: readonly string[]): boolean {
  if (!email) return false;
  return adminEmails.includes(email.trim().toLowerCase());
}
