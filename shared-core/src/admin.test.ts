import { DEFAULT_ADMIN_EMAILS, isAdmin, isAdminEmail, parseAdminEmails } from './admin';

describe('parseAdminEmails', () => {
  it('splits on commas, trims and lower-cases', () => {
    expect(parseAdminEmails(' Admin@Example.com , boss@example.jp,')).toEqual(['admin@example.com', 'boss@example.jp']);
  });

  it('takes a list as well as a comma-separated string', () => {
    expect(parseAdminEmails([' Boss@Example.com ', '', 'ops@example.com'])).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('falls back to the built-in default when unset or empty', () => {
    expect(parseAdminEmails(undefined)).toEqual(['admin@example.com']);
    expect(parseAdminEmails(' , ')).toEqual([...DEFAULT_ADMIN_EMAILS]);
    expect(parseAdminEmails([])).toEqual([...DEFAULT_ADMIN_EMAILS]);
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

describe('isAdmin', () => {
  const adminEmails = parseAdminEmails('admin@example.com');
  const verifying = { adminEmails, requireVerifiedEmail: true };
  const emulator = { adminEmails, requireVerifiedEmail: false };

  it('needs a verified e-mail outside the emulator', () => {
    expect(isAdmin({ email: 'Admin@example.com', emailVerified: true }, verifying)).toBe(true);
    expect(isAdmin({ email: 'admin@example.com', emailVerified: false }, verifying)).toBe(false);
  });

  it('lets the e-mail alone decide in the emulator, where nothing is verified', () => {
    expect(isAdmin({ email: 'admin@example.com', emailVerified: false }, emulator)).toBe(true);
  });

  it('never makes a non-listed or absent user an admin', () => {
    expect(isAdmin({ email: 'user@example.com', emailVerified: true }, verifying)).toBe(false);
    expect(isAdmin({ email: 'user@example.com', emailVerified: false }, emulator)).toBe(false);
    expect(isAdmin({ email: null, emailVerified: true }, emulator)).toBe(false);
    expect(isAdmin(null, emulator)).toBe(false);
  });
});
