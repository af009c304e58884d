type Identity = { displayName?: string | null; email?: string | null } | null | undefined;

const nonBlank = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

/**
 * The avatar's letters when there is no photo (spec: business sidebar): the initials of the
 * display name ('Taro Yamada' → 'TY', '山田 太郎' → '山太', '山田太郎' → '山'), else the first letter
 * of the e-mail, else 'U'.
 */
export function avatarInitials(identity: Identity): string {
  const name = nonBlank(identity?.displayName);
  if (name) {
    const words = name.split(/\s+/);
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const email = nonBlank(identity?.email);
  if (email) return (Array.from(email)[0] ?? 'U').toUpperCase();
  return 'U';
}

/**
 * The sidebar's name line: the profile's display name, then the signed-in account's own name,
 * then the e-mail, then ユーザー.
 */
export function sidebarDisplayName(profile: Identity, account: Identity): string {
  return (
    nonBlank(profile?.displayName) ??
    nonBlank(account?.displayName) ??
    nonBlank(profile?.email) ??
    nonBlank(account?.email) ??
    'ユーザー'
  );
}
