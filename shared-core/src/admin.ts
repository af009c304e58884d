/**
 * The one admin rule, applied by article-api to every admin request and by the browser to the
 * admin flag (which only decides what the UI offers; the API checks again on every call).
 *
 * A user is an admin when their e-mail is in ADMIN_EMAILS (comma-separated; entries trimmed and
 * compared lower-cased) and, outside the Auth emulator, the e-mail is verified. Emulator sign-ups
 * are never verified, so there the e-mail alone decides; Google accounts always are verified.
 */

export const DEFAULT_ADMIN_EMAILS: readonly string[] = ['admin@example.com'];

/** Parses ADMIN_EMAILS; an unset or empty list means the built-in default (spec section 6). */
export function parseAdminEmails(list: string | readonly string[] | null | undefined): string[] {
  const entries = typeof list === 'string' ? list.split(',') : (list ?? []);
  const emails = entries.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
  return emails.length > 0 ? emails : [...DEFAULT_ADMIN_EMAILS];
}

export function isAdminEmail(email: string | null | undefined, adminEmails: readonly string[]): boolean {
  if (!email) return false;
  return adminEmails.includes(email.trim().toLowerCase());
}

export interface AdminPolicy {
  /** Lower-cased, as `parseAdminEmails` returns them. */
  adminEmails: readonly string[];
  /** True outside the Auth emulator: the server without FIREBASE_AUTH_EMULATOR_HOST, the browser in `project` mode. */
  requireVerifiedEmail: boolean;
}

export interface AdminCandidate {
  email: string | null | undefined;
  emailVerified: boolean;
}

export function isAdmin(user: AdminCandidate | null | undefined, policy: AdminPolicy): boolean {
  if (!user) return false;
  return isAdminEmail(user.email, policy.adminEmails) && (user.emailVerified || !policy.requireVerifiedEmail);
}
