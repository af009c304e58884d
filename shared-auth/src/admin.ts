import { getRuntimeConfig } from 'shared-ui';

/** Admin = the e-mail is in the configured list (entries trimmed, compared case-insensitively). */
export function isAdminEmail(email: string | null | undefined, adminEmails = getRuntimeConfig().adminEmails): boolean {
  if (!email) return false;
  const normalized = email.trim().toLowerCase();
  return adminEmails.some((entry) => entry.trim().toLowerCase() === normalized);
}
