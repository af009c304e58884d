import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readCanaryStart } from '../lib/canaryStartInput';
import { canaryAnswer, runningAt, runningCanaryOverview } from './canaryFixtures';
import { canaryPanel, fakeService, renderPage } from './canaryTestKit';
import { adminOverview } from './releaseFixtures';

const START = '/releases/admin_console/production';

/** admin-console's production start form, filled in as given (each field cleared first). */
async function fillStart(fields: { version?: string; steps?: string; soak?: string; unit?: string }) {
  const form = within(await canaryPanel()).getByRole('form', { name: 'カナリアを開始（admin-console・本番）' });
  const typeInto = async (name: string, value: string | undefined) => {
    if (value === undefined) return;
    const input = within(form).getByRole('textbox', { name });
    await userEvent.clear(input);
    if (value !== '') await userEvent.type(input, value);
  };
  await typeInto('バージョン', fields.version);
  await typeInto('ステップ (%)', fields.steps);
  await typeInto('各ステップの保持時間', fields.soak);
  if (fields.unit)
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: '保持時間の単位' }), fields.unit);
  await userEvent.click(within(form).getByRole('button', { name: 'カナリアを開始' }));
  return form;
}

describe('カナリアを開始 on the リリース page', () => {
  it('starts a canary with steps after the confirmation, through the CLI’s API, and shows its plan', async () => {
    const { api } = fakeService(adminOverview(), (_request, state) => {
      const overview = runningCanaryOverview(1);
      overview.remotes[1]!.environments.production.canary!.plan = {
        steps: [1, 10, 50],
        soakSeconds: 600,
        step: 0,
        stepStartedAt: '2025-06-04T01:00:00.000Z',
        paused: false,
      };
      state.overview = overview;
      return { status: 201, body: canaryAnswer(runningAt(1)) };
    });
    renderPage();
    await fillStart({ version: 'v4' }); // the steps 1,10,50 and 10 分 as offered

    const dialog = await screen.findByRole('dialog', { name: 'カナリアを開始しますか？' });
    expect(dialog).toHaveTextContent(
      'admin-console（admin_console）の本番 (production)で v4 をカナリアとして訪問者の 1 % に配信します（1 → 10 → 50 % → 昇格、各 10 分以上・健全の判定で自動で進みます）。ほかの訪問者には現行の v2 を配信します。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '開始する' }));
    expect(
      await screen.findByText('admin-console の本番 (production)でカナリア v4 を訪問者の 1 % に配信しています。'),
    ).toBeInTheDocument();
    const sent = api.sent('POST', START);
    expect(sent.map((r) => r.body)).toEqual([
      { version: 'v4', canaryPercent: 1, canaryPlan: { steps: [1, 10, 50], soakSeconds: 600 }, expectedLive: 'v2' },
    ]);
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect(await canaryPanel()).toHaveTextContent('状態実行中 1 %'));
    expect(await canaryPanel()).toHaveTextContent('ステップ1/3（1 → 10 → 50 % → 昇格、各 10 分以上');
  });

  it('says what is wrong beside each field in Japanese and sends nothing', async () => {
    const { api } = fakeService(adminOverview(), () => ({ status: 500 }));
    renderPage();
    let form = await fillStart({ version: '../v4', steps: '10,5', soak: '' });
    expect(within(form).getByRole('textbox', { name: 'バージョン' })).toHaveAccessibleDescription(
      /バージョン名を入力してください。英数字と \. _ - の 64 文字以内/,
    );
    expect(within(form).getByRole('textbox', { name: 'ステップ (%)' })).toHaveAccessibleDescription(
      /ステップは増えていく順に入力してください \(例: 1,10,50\)。/,
    );
    expect(within(form).getByRole('textbox', { name: '各ステップの保持時間' })).toHaveAccessibleDescription(
      /ステップを自動で進めるには、各ステップの保持時間を入力してください/,
    );
    form = await fillStart({ version: 'v4', steps: '1,100', soak: '25', unit: '時間' });
    expect(within(form).getByRole('textbox', { name: 'ステップ (%)' })).toHaveAccessibleDescription(
      /各ステップは 1〜99 % です（100 % は最後のステップの後の自動昇格です）。/,
    );
    expect(within(form).getByRole('textbox', { name: '各ステップの保持時間' })).toHaveAccessibleDescription(
      /保持時間は 1 日 \(24 時間\) 以内で入力してください。/,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST', START)).toEqual([]);
  });

  it('shows the service’s refusal (a soak under its least) and keeps what was typed', async () => {
    fakeService(adminOverview(), () => ({
      status: 400,
      body: { error: 'ステップの保持時間は 60 秒以上で指定してください (例: --soak 1m)。' },
    }));
    renderPage();
    const form = await fillStart({ version: 'v4', soak: '20', unit: '秒' });
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'カナリアを開始しますか？' })).getByRole('button', {
        name: '開始する',
      }),
    );
    expect(await screen.findByText('ステップの保持時間は 60 秒以上で指定してください (例: --soak 1m)。')).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'バージョン' })).toHaveValue('v4');
    expect(within(form).getByRole('textbox', { name: '各ステップの保持時間' })).toHaveValue('20');
  });

  it('one share without a soak starts a canary moved by hand (no plan)', async () => {
    const { api } = fakeService(adminOverview(), () => ({ status: 201, body: canaryAnswer(runningAt(10)) }));
    renderPage();
    await fillStart({ version: 'v4', steps: '10', soak: '' });
    const dialog = await screen.findByRole('dialog', { name: 'カナリアを開始しますか？' });
    expect(dialog).toHaveTextContent('訪問者の 10 % に配信します（割合は手動で変更します）。');
    await userEvent.click(within(dialog).getByRole('button', { name: '開始する' }));
    await screen.findByText('admin-console の本番 (production)でカナリア v4 を訪問者の 10 % に配信しています。');
    expect(api.sent('POST', START).map((r) => r.body)).toEqual([
      { version: 'v4', canaryPercent: 10, expectedLive: 'v2' },
    ]);
  });
});

describe('readCanaryStart', () => {
  it('reads full-width digits and 、 as a Japanese keyboard types them, and the soak in its unit', () => {
    expect(readCanaryStart({ version: ' v9 ', steps: '５、２０', soak: '１', unit: 'hours' })).toEqual({
      start: { version: 'v9', percent: 5, plan: { steps: [5, 20], soakSeconds: 3_600 } },
    });
  });

  it('refuses shares outside 1–99, more than ten steps, a soak of 0 and words', () => {
    const errorsOf = (steps: string, soak: string) =>
      readCanaryStart({ version: 'v9', steps, soak, unit: 'seconds' }) as { errors: Record<string, string> };
    expect(errorsOf('0,10', '30').errors.steps).toBe(
      '各ステップは 1〜99 % です（100 % は最後のステップの後の自動昇格です）。',
    );
    expect(errorsOf('1,2,3,4,5,6,7,8,9,10,11', '30').errors.steps).toBe('ステップは 10 個までです。');
    expect(errorsOf('1,a', '30').errors.steps).toBe(
      'ステップは 1〜99 の整数 (%) をカンマで区切って入力してください (例: 1,10,50)。',
    );
    expect(errorsOf('1,10', '0').errors.soak).toBe('保持時間は 1 以上の整数で入力してください。');
    expect(errorsOf('1,10', '10m').errors.soak).toBe('保持時間は 1 以上の整数で入力してください。');
  });
});
