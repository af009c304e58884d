import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActionResult, AuthContextValue } from 'shared-auth';
import { deferred, renderApp, signedIn } from 'shared-data/testing';
import { BusinessSettingsProvider } from '../../../lib/BusinessSettingsProvider';
import { sampleProfile } from '../../../testing/fakes';
import { ProfilePage } from './ProfilePage';

function renderProfile(auth: AuthContextValue = signedIn(sampleProfile), url = '/') {
  return renderApp(<ProfilePage />, { url, auth, providers: BusinessSettingsProvider });
}

const details = () => {
  const list = document.querySelector('dl');
  if (!list) throw new Error('no details list');
  const terms = Array.from(list.querySelectorAll('dt')).map((dt) => dt.textContent);
  const values = Array.from(list.querySelectorAll('dd')).map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

const editButton = () => screen.getByRole('button', { name: 'プロフィールを編集' });
const nameField = () => screen.getByRole('textbox', { name: '表示名' });
const photoField = () => screen.getByLabelText('プロフィール画像URL');

describe('ProfilePage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows the profile card in view mode', () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Taro Yamada' })).toBeInTheDocument();
    expect(screen.getByText('taro@example.com')).toBeInTheDocument();
    expect(screen.getByText('✓ メール認証済み')).toBeInTheDocument();
    expect(screen.getByTestId('user-avatar')).toHaveTextContent('TY');
    expect(details()).toEqual({
      ユーザーID: 'uid-123',
      アカウント作成日: '2025年5月30日 14:05 (JST)',
      最終ログイン: '2025年8月11日 08:30 (JST)',
      プロフィール画像URL: '未設定',
    });
    expect(document.title).toBe('プロフィール | AIまなび');
  });

  it('falls back to 表示名未設定 and 不明, and shows the photo URL when set', () => {
    renderProfile(
      signedIn({
        ...sampleProfile,
        displayName: null,
        photoURL: 'https://example.com/me.png',
        createdAt: null,
        lastSignInTime: null,
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: '表示名未設定' })).toBeInTheDocument();
    expect(details()).toMatchObject({
      アカウント作成日: '不明',
      最終ログイン: '不明',
      プロフィール画像URL: 'https://example.com/me.png',
    });
  });

  it('shows times in the time zone chosen in the settings', () => {
    localStorage.setItem('businessSettings', JSON.stringify({ timezone: 'UTC' }));
    renderProfile();
    expect(details()).toMatchObject({ アカウント作成日: '2025年5月30日 05:05 (UTC)' });
  });

  it('says プロフィールが見つかりません without a profile', () => {
    renderProfile(signedIn(sampleProfile, { currentUser: null, userProfile: null }));
    expect(screen.getByText('プロフィールが見つかりません')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'プロフィールを編集' })).not.toBeInTheDocument();
  });

  describe('editing', () => {
    it('starts from the current values; the photo field is a url field', async () => {
      renderProfile();
      await userEvent.click(editButton());
      expect(nameField()).toHaveValue('Taro Yamada');
      expect(photoField()).toHaveAttribute('type', 'url');
      expect(photoField()).toHaveValue('');
    });

    it('cancel throws the edits away and returns to view', async () => {
      renderProfile();
      await userEvent.click(editButton());
      await userEvent.clear(nameField());
      await userEvent.type(nameField(), '別の名前');
      await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
      expect(screen.queryByRole('textbox', { name: '表示名' })).not.toBeInTheDocument();
      await userEvent.click(editButton());
      expect(nameField()).toHaveValue('Taro Yamada');
    });

    it('reads 更新中... while saving, then returns to view on success', async () => {
      const pending = deferred<ActionResult>();
      const auth = signedIn(sampleProfile, { updateUserProfile: jest.fn(() => pending.promise) });
      renderProfile(auth);
      await userEvent.click(editButton());
      await userEvent.clear(nameField());
      await userEvent.type(nameField(), '  山田 花子 ');
      await userEvent.type(photoField(), 'https://example.com/hanako.png');
      await userEvent.click(screen.getByRole('button', { name: '保存' }));

      expect(screen.getByRole('button', { name: '更新中...' })).toBeDisabled();
      expect(auth.updateUserProfile).toHaveBeenCalledWith({
        displayName: '山田 花子',
        photoURL: 'https://example.com/hanako.png',
      });

      pending.resolve({ success: true });
      await waitFor(() => expect(editButton()).toBeInTheDocument());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows a failed update and stays in edit mode', async () => {
      renderProfile(
        signedIn(sampleProfile, {
          updateUserProfile: jest.fn(async () => ({ success: false, error: 'プロフィールの更新に失敗しました。' })),
        }),
      );
      await userEvent.click(editButton());
      await userEvent.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('プロフィールの更新に失敗しました。');
      expect(nameField()).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '保存' })).toBeEnabled();
    });

    it('shows the spec message when the update throws', async () => {
      renderProfile(signedIn(sampleProfile, { updateUserProfile: jest.fn().mockRejectedValue(new Error('network')) }));
      await userEvent.click(editButton());
      await userEvent.click(screen.getByRole('button', { name: '保存' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('プロフィールの更新に失敗しました。');
    });
  });

  describe('e-mail verification', () => {
    const unverified = { ...sampleProfile, emailVerified: false };

    it('offers no verification mail to a verified user', () => {
      renderProfile();
      expect(screen.queryByRole('button', { name: '認証メールを送信' })).not.toBeInTheDocument();
    });

    it('sends it to an unverified user and confirms inline', async () => {
      const auth = signedIn(unverified);
      renderProfile(auth);
      expect(screen.getByText('⚠ メール未認証')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '認証メールを送信' }));
      expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('status')).toHaveTextContent(
        '認証メールを送信しました。メールボックスを確認してください。',
      );
      expect(auth.clearMessages).toHaveBeenCalled();
    });

    it('says so when sending fails', async () => {
      renderProfile(signedIn(unverified, { sendVerificationEmail: jest.fn(async () => ({ success: false })) }));
      await userEvent.click(screen.getByRole('button', { name: '認証メールを送信' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('認証メールの送信に失敗しました。');
    });
  });

  it('logs out to the business login', async () => {
    const auth = signedIn(sampleProfile);
    renderProfile(auth, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(auth.logout).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/business/login'));
  });
});
