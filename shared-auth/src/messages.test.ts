import { signInErrorMessage } from './messages';

const error = (code: string, message = 'Firebase: Error.') => Object.assign(new Error(message), { code });

describe('signInErrorMessage', () => {
  it('uses the pop-up-only messages only for the pop-up', () => {
    expect(signInErrorMessage(error('auth/popup-closed-by-user'), 'popup')).toBe('ログインがキャンセルされました。');
    expect(signInErrorMessage(error('auth/popup-closed-by-user', 'closed'), 'redirect')).toBe(
      'ログインに失敗しました: closed',
    );
    expect(signInErrorMessage(error('auth/user-disabled', 'off'), 'redirect')).toBe('ログインに失敗しました: off');
  });

  it.each(['popup', 'redirect'] as const)('shares the network, rate-limit and not-allowed messages (%s)', (method) => {
    expect(signInErrorMessage(error('auth/network-request-failed'), method)).toBe(
      'ネットワークエラーが発生しました。インターネット接続を確認してください。',
    );
    expect(signInErrorMessage(error('auth/too-many-requests'), method)).toBe(
      'リクエストが多すぎます。しばらく待ってから再試行してください。',
    );
    expect(signInErrorMessage(error('auth/operation-not-allowed'), method)).toBe(
      'Googleログインが有効になっていません。',
    );
  });

  it('falls back to the error text for anything else, including non-errors', () => {
    expect(signInErrorMessage(new Error('chunk failed'), 'popup')).toBe('ログインに失敗しました: chunk failed');
    expect(signInErrorMessage('weird', 'popup')).toBe('ログインに失敗しました: weird');
  });
});
