import { avatarInitials, sidebarDisplayName } from './userIdentity';

describe('avatarInitials', () => {
  it.each([
    ['Taro Yamada', 'TY'],
    ['taro yamada smith', 'TY'],
    ['山田 太郎', '山太'],
    ['山田太郎', '山'],
    ['  Hanako  ', 'H'],
  ])('takes the initials of the display name %p → %p', (displayName, initials) => {
    expect(avatarInitials({ displayName, email: 'x@example.com' })).toBe(initials);
  });

  it('falls back to the first letter of the e-mail, upper-cased', () => {
    expect(avatarInitials({ displayName: null, email: 'taro@example.com' })).toBe('T');
    expect(avatarInitials({ displayName: '   ', email: 'hanako@example.com' })).toBe('H');
  });

  it('ends with U when there is neither name nor e-mail', () => {
    expect(avatarInitials({ displayName: null, email: null })).toBe('U');
    expect(avatarInitials(null)).toBe('U');
  });
});

describe('sidebarDisplayName', () => {
  const account = { displayName: 'Account Name', email: 'account@example.com' };

  it('prefers the profile display name', () => {
    expect(sidebarDisplayName({ displayName: 'Profile Name', email: 'p@example.com' }, account)).toBe('Profile Name');
  });

  it('then the account name, then the e-mail', () => {
    expect(sidebarDisplayName({ displayName: '', email: 'p@example.com' }, account)).toBe('Account Name');
    expect(sidebarDisplayName({ displayName: null, email: 'p@example.com' }, { displayName: null, email: null })).toBe(
      'p@example.com',
    );
    expect(sidebarDisplayName(null, { displayName: null, email: 'account@example.com' })).toBe('account@example.com');
  });

  it('ends with ユーザー', () => {
    expect(sidebarDisplayName(null, null)).toBe('ユーザー');
    expect(sidebarDisplayName({ displayName: ' ', email: '' }, { displayName: null, email: null })).toBe('ユーザー');
  });
});
