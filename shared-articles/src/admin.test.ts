import { DEFAULT_ADMIN_EMAILS, isAdminEmail, parseAdminEmails } from './admin';

describe('parseAdminEmails', () => {
  it('splits on commas, trims and lower-cases', () => {
    expect(parseAdminEmails(' Admin@Example.com , boss@example.jp,')).toEqual(['admin@example.com', 'boss@example.jp']);
  });

  it('falls back to the built-in default when unset or empty', () => {
    expect(parseAdminEmails(undefined)).toEqual(['admin@example.com']);
    expect(parseAdminEmails(' , ')).toEqual([...DEFAULT_ADMIN_EMAILS]);
  });
});

describe('isAdminEmail', () => {
  const admins = parseAdminEmails('admin@example.com');

  it('matches regardless of case and surrounding spaces', () => {
    expect(isAdminEmail('ADMIN@example.com ', admins)).toBe(true);
  });

  it('rejects other or missing e-mails', () => {
    expect(isAdminEmail('user@example.com', admins)).toBe(false);
    expect(isAdminEmail(null, admins)).toBe(false);
    expect(isAdminEmail('', admins)).toBe(false);
  });
});
