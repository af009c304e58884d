/** Every user-facing auth message of the spec (section 8), quoted exactly. */
export const authMessages = {
  welcome: (name: string) => `ようこそ、${name}さん！`,
  popupClosed: 'ログインがキャンセルされました。',
  popupBlocked: 'ポップアップがブロックされました。ブラウザの設定を確認してください。',
  network: 'ネットワークエラーが発生しました。インターネット接続を確認してください。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから再試行してください。',
  userDisabled: 'このアカウントは無効化されています。',
  operationNotAllowed: 'Googleログインが有効になっていません。',
  signInFailed: (message: string) => `ログインに失敗しました: ${message}`,
  redirectResultFailed: 'リダイレクト認証でエラーが発生しました。再度お試しください。',
  logoutFailed: 'ログアウトに失敗しました。',
  profileUpdateFailed: 'プロフィールの更新に失敗しました。',
  verificationMailFailed: '認証メールの送信に失敗しました。',
  verificationMailSent: '認証メールを送信しました。メールボックスを確認してください。',
  notSignedIn: 'ユーザーがログインしていません。',
} as const;

export type SignInMethod = 'popup' | 'redirect';

/** Codes whose message applies to both sign-in methods. */
const sharedCodes: Record<string, string> = {
  'auth/network-request-failed': authMessages.network,
  'auth/too-many-requests': authMessages.tooManyRequests,
  'auth/operation-not-allowed': authMessages.operationNotAllowed,
};

/** Codes that only the pop-up flow reports (spec: "Desktop: ..."). */
const popupCodes: Record<string, string> = {
  'auth/popup-closed-by-user': authMessages.popupClosed,
  'auth/cancelled-popup-request': authMessages.popupClosed,
  'auth/popup-blocked': authMessages.popupBlocked,
  'auth/user-disabled': authMessages.userDisabled,
};

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** Maps a Firebase sign-in error to the spec's Japanese message for the given method. */
export function signInErrorMessage(error: unknown, method: SignInMethod): string {
  const code = errorCode(error);
  if (code) {
    const message = sharedCodes[code] ?? (method === 'popup' ? popupCodes[code] : undefined);
    if (message) return message;
  }
  return authMessages.signInFailed(errorText(error));
}
