import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from 'shared-data/testing';
import { useThemeMode } from 'shared-ui';
import { BusinessSettingsProvider } from '../../../lib/BusinessSettingsProvider';
import { sampleProfile } from '../../../testing/fakes';
import { SettingsPage } from './SettingsPage';

/** Stands in for the header's theme toggle. */
function HeaderThemeToggle() {
  const { mode, toggle } = useThemeMode();
  return (
    <button type="button" onClick={toggle} data-mode={mode}>
      header toggle
    </button>
  );
}

function renderSettings(auth = signedIn(sampleProfile)) {
  return renderApp(
    <>
      <HeaderThemeToggle />
      <SettingsPage />
    </>,
    { auth, providers: BusinessSettingsProvider },
  );
}

const stored = () => JSON.parse(localStorage.getItem('businessSettings') ?? 'null');
const themeMode = () => screen.getByRole('button', { name: 'header toggle' }).getAttribute('data-mode');
const darkSwitch = () => screen.getByRole('switch', { name: 'ダークモード' });
const timeZone = () => screen.getByRole('combobox', { name: 'タイムゾーン' });
const save = () => userEvent.click(screen.getByRole('button', { name: '設定を保存' }));

describe('SettingsPage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows the spec defaults in every section', () => {
    renderSettings();
    // The spec's four sections: notifications, display, region (time zone and language), account.
    expect(screen.getAllByRole('region')).toHaveLength(4);
    for (const title of ['通知設定', '表示設定', '地域設定', 'アカウント']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const region = screen.getByRole('region', { name: '地域設定' });
    expect(within(region).getByRole('combobox', { name: 'タイムゾーン' })).toBe(timeZone());
    expect(within(region).getByRole('combobox', { name: '言語' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'メール通知' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'マーケティングメール' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'セキュリティアラート' })).toBeChecked();
    expect(darkSwitch()).not.toBeChecked();
    expect(timeZone()).toHaveDisplayValue('日本標準時 (JST)');
    expect(screen.getByRole('combobox', { name: '言語' })).toHaveDisplayValue('日本語');
    expect(screen.getByRole('option', { name: '協定世界時 (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'English' })).toBeInTheDocument();
  });

  it('changes nothing until saved; saving persists, applies the theme and confirms', async () => {
    renderSettings();
    await userEvent.click(darkSwitch());
    await userEvent.click(screen.getByRole('switch', { name: 'マーケティングメール' }));
    await userEvent.selectOptions(timeZone(), 'UTC');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '言語' }), 'en');

    expect(localStorage.getItem('businessSettings')).toBeNull();
    expect(themeMode()).toBe('light');

    await save();

    expect(stored()).toEqual({
      emailNotifications: true,
      darkMode: true,
      language: 'en',
      timezone: 'UTC',
      marketingEmails: true,
      securityAlerts: true,
    });
    expect(themeMode()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('status')).toHaveTextContent('設定を保存しました。');
  });

  it('says honestly that English is not available yet', () => {
    renderSettings();
    expect(screen.getByRole('combobox', { name: '言語' })).toHaveAccessibleDescription(/English表示は準備中です。/);
  });

  it('hides the confirmation again once something changes', async () => {
    renderSettings();
    await save();
    expect(screen.getByRole('status')).toHaveTextContent('設定を保存しました。');
    await userEvent.click(darkSwitch());
    expect(screen.queryByText('設定を保存しました。')).not.toBeInTheDocument();
  });

  it('reads what was saved before, and resets everything to the defaults', async () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem(
      'businessSettings',
      JSON.stringify({
        emailNotifications: false,
        darkMode: true,
        language: 'en',
        timezone: 'UTC',
        marketingEmails: true,
        securityAlerts: false,
      }),
    );
    renderSettings();
    expect(darkSwitch()).toBeChecked();
    expect(timeZone()).toHaveValue('UTC');

    await userEvent.click(screen.getByRole('button', { name: '設定をリセット' }));

    expect(stored()).toEqual({
      emailNotifications: true,
      darkMode: false,
      language: 'ja',
      timezone: 'Asia/Tokyo',
      marketingEmails: false,
      securityAlerts: true,
    });
    expect(themeMode()).toBe('light');
    expect(timeZone()).toHaveValue('Asia/Tokyo');
    expect(screen.getByRole('status')).toHaveTextContent('設定をリセットしました。');
  });

  it('shows defaults for tampered storage, keeping the fields that are still valid', () => {
    localStorage.setItem(
      'businessSettings',
      JSON.stringify({ emailNotifications: 'no', timezone: 'Mars/Olympus', securityAlerts: false }),
    );
    renderSettings();
    expect(screen.getByRole('switch', { name: 'メール通知' })).toBeChecked();
    expect(timeZone()).toHaveValue('Asia/Tokyo');
    expect(screen.getByRole('switch', { name: 'セキュリティアラート' })).not.toBeChecked();
  });

  it('migrates the older businessDashboardSettings key', () => {
    localStorage.setItem('businessDashboardSettings', JSON.stringify({ timezone: 'UTC', language: 'ja' }));
    renderSettings();
    expect(timeZone()).toHaveValue('UTC');
    expect(localStorage.getItem('businessDashboardSettings')).toBeNull();
    expect(stored()).toMatchObject({ timezone: 'UTC' });
  });

  it('follows the header theme toggle, in the switch and in storage', async () => {
    localStorage.setItem('theme', 'light');
    renderSettings();
    await userEvent.click(darkSwitch()); // an unsaved edit the header toggle overrides
    await userEvent.click(screen.getByRole('button', { name: 'header toggle' }));
    await userEvent.click(screen.getByRole('button', { name: 'header toggle' }));

    expect(themeMode()).toBe('light');
    expect(darkSwitch()).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'header toggle' }));
    expect(darkSwitch()).toBeChecked();
    await waitFor(() => expect(stored()).toMatchObject({ darkMode: true }));
  });

  it('applies a saved dark mode when no theme was ever chosen', async () => {
    localStorage.setItem('businessSettings', JSON.stringify({ darkMode: true }));
    renderSettings();
    await waitFor(() => expect(themeMode()).toBe('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('logs out from the account section', async () => {
    const auth = signedIn(sampleProfile);
    renderSettings(auth);
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(auth.logout).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/business/login'));
  });
});
