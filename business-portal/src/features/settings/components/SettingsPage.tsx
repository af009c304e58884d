import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { Banner, Button, media, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import type { SettingsLanguage } from '../../../lib/businessSettings';
import { TIME_ZONE_OPTIONS } from '../../../lib/timeZones';
import { useLogout } from '../../../lib/useLogout';
import { useSettingsForm, type SettingsStatus } from '../hooks/useSettingsForm';
import { SelectField } from './SelectField';
import { SettingsSection } from './SettingsSection';
import { ToggleSwitch } from './ToggleSwitch';

const LANGUAGE_OPTIONS: ReadonlyArray<{ value: SettingsLanguage; label: string }> = [
  { value: 'ja', label: '日本語' },
  { value: 'en', label: 'English' },
];

const STATUS_MESSAGES: Record<Exclude<SettingsStatus, null>, string> = {
  saved: '設定を保存しました。',
  reset: '設定をリセットしました。',
};

const Form = styled.form`
  display: grid;
  gap: 20px;
  max-width: 760px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  ${media.phone} {
    flex-direction: column-reverse;
    align-items: stretch;
  }
`;

const AccountRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding-top: 10px;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/**
 * /business/settings. Saving writes `businessSettings` and applies it at once: dark mode sets
 * the site theme, the time zone changes every date the business pages show. Notification and
 * language choices are only stored; English is not offered yet, and the page says so.
 */
export function SettingsPage() {
  useDocumentTitle('設定');
  const { draft, change, submit, restoreDefaults, status } = useSettingsForm();
  const { currentUser } = useAuth();
  const { logout, pending: loggingOut, error: logoutError } = useLogout();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <>
      <PageHeader title="設定" lead="設定はこのブラウザに保存されます。" />
      <Form onSubmit={onSubmit} aria-label="事業者設定">
        <SettingsSection title="通知設定">
          <ToggleSwitch
            label="メール通知"
            description="サービスからの重要なお知らせをメールで受け取ります。"
            checked={draft.emailNotifications}
            onChange={(value) => change('emailNotifications', value)}
          />
          <ToggleSwitch
            label="マーケティングメール"
            description="キャンペーンや新しいサービスのご案内を受け取ります。"
            checked={draft.marketingEmails}
            onChange={(value) => change('marketingEmails', value)}
          />
          <ToggleSwitch
            label="セキュリティアラート"
            description="ログインなど、アカウントに関する通知を受け取ります。"
            checked={draft.securityAlerts}
            onChange={(value) => change('securityAlerts', value)}
          />
        </SettingsSection>

        <SettingsSection title="表示設定">
          <ToggleSwitch
            label="ダークモード"
            description="暗い配色で表示します。ヘッダーのテーマ切り替えと連動します。"
            checked={draft.darkMode}
            onChange={(value) => change('darkMode', value)}
          />
        </SettingsSection>

        <SettingsSection title="地域設定">
          <SelectField
            label="タイムゾーン"
            description="ダッシュボードと記事の日付、プロフィールの日時の表示に使われます。"
            value={draft.timezone}
            options={TIME_ZONE_OPTIONS}
            onChange={(value) => change('timezone', value)}
          />
          <SelectField
            label="言語"
            description="English表示は準備中です。選択は保存されますが、現在はすべて日本語で表示されます。"
            value={draft.language}
            options={LANGUAGE_OPTIONS}
            onChange={(value) => change('language', value)}
          />
        </SettingsSection>

        <SettingsSection title="アカウント">
          <AccountRow>
            <Muted>{currentUser?.email}</Muted>
            <Button type="button" $variant="danger" onClick={() => void logout()} disabled={loggingOut}>
              ログアウト
            </Button>
          </AccountRow>
          {logoutError && <Banner tone="error">{logoutError}</Banner>}
        </SettingsSection>

        {status && <Banner tone="success">{STATUS_MESSAGES[status]}</Banner>}
        <Actions>
          <Button type="button" $variant="ghost" onClick={restoreDefaults}>
            設定をリセット
          </Button>
          <Button type="submit">設定を保存</Button>
        </Actions>
      </Form>
    </>
  );
}
