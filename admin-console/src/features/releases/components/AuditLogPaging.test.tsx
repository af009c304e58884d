import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditPage } from 'shared-releases';
import { fakeFetch, renderApp, type FakeRequest } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';
import { AUDIT_LIMIT } from '../api/releaseQueries';
import { adminOverview, auditEntries } from './releaseFixtures';
import { rowsOf } from './canaryTestKit';

/** 450 lines of admin_console's log; line 450 (the newest) sums 25 refusals of one account. */
const LOG: AuditEntry[] = Array.from({ length: 450 }, (_, index) => {
  const id = index + 1;
  const template = auditEntries()[0]!;
  return id === 450
    ? { ...template, id, outcome: 'forbidden' as const, actor: { uid: 'x', email: 'other@example.com' }, attempts: 25 }
    : { ...template, id, version: `v${id}`, attempts: 1 };
}).reverse();

/** The service's paging: `limit` lines below `before`, newest first, and the next page's cursor. */
function pageOf(request: FakeRequest): AuditPage {
  const query = new URL(request.url, 'http://x').searchParams;
  const limit = Number(query.get('limit') ?? 100);
  const before = query.has('before') ? Number(query.get('before')) : Infinity;
  const lines = LOG.filter((entry) => entry.id < before);
  const entries = lines.slice(0, limit);
  return { entries, nextBefore: lines.length > limit ? entries.at(-1)!.id : null };
}

function fakeService(failOlder = { times: 0 }) {
  return fakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/releases') return { status: 200, body: adminOverview() };
    if (request.method === 'GET' && request.path === '/releases/audit') {
      if (request.url.includes('before=') && failOlder.times > 0) {
        failOlder.times -= 1;
        return { status: 503, body: { error: '一時的に利用できません。' } };
      }
      return { status: 200, body: pageOf(request) };
    }
    return { status: 404, body: { error: '見つかりません。' } };
  });
}

const renderPage = () => renderApp(<AdminConsoleRoutes />, { url: '/admin/releases', auth: adminAuth });
const consoleSection = () => screen.findByRole('region', { name: /^admin-console/ });
const auditTable = async () => within(await consoleSection()).getByRole('table', { name: 'admin-console の監査ログ' });
/**
 * The table's lines while waiting for a page of them: counted in the DOM (under 1 ms), not by role
 * each time waitFor polls (the role query over 450 rows took 260 ms alone, several times that
 * beside the browser suite, where the test passed its 15 s limit). Their text is read by role once
 * they are there.
 */
const lineCount = (table: HTMLElement) => table.querySelectorAll('tbody tr').length;
const auditRequests = (api: ReturnType<typeof fakeFetch>) =>
  api.requests.filter((request) => request.path === '/releases/audit').map((request) => request.url.split('?')[1]);

describe('the リリース page’s audit log in pages', () => {
  it('shows the newest 200 lines, a summed refusal with its count, and さらに表示 pages back by keyboard', async () => {
    const api = fakeService();
    const user = userEvent.setup();
    renderPage();
    const table = await waitFor(auditTable);
    await waitFor(() => expect(lineCount(table)).toBe(AUDIT_LIMIT));
    expect(AUDIT_LIMIT).toBe(200);
    expect(rowsOf(table)).toHaveLength(AUDIT_LIMIT);
    expect(rowsOf(table)[0]).toContain('権限なし（25 回）');
    expect(auditRequests(api)).toEqual(['limit=200']);

    const more = within(await consoleSection()).getByRole('button', { name: 'admin-console の監査ログをさらに表示' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lineCount(table)).toBe(400));
    expect(more).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(lineCount(table)).toBe(450));
    const rows = rowsOf(await auditTable());
    expect(rows).toHaveLength(450);
    expect(rows.at(-1)).toContain('v1'); // the first line of the log, last
    expect(new Set(rows.map((row) => row ?? '')).size).toBe(450); // every line once
    expect(auditRequests(api)).toEqual(['limit=200', 'limit=200&before=251', 'limit=200&before=51']);

    // The oldest line is there: the button goes, and the sentence saying so has the focus.
    const end = within(await consoleSection()).getByText('これより古い記録はありません。');
    expect(end).toHaveFocus();
    expect(within(await consoleSection()).queryByRole('button', { name: /さらに表示/ })).not.toBeInTheDocument();
  });

  it('says when older lines could not be read, keeps those shown, and reads them on a second try', async () => {
    fakeService({ times: 2 }); // the query's own retry fails too
    const user = userEvent.setup();
    renderPage();
    const table = await waitFor(auditTable);
    await waitFor(() => expect(lineCount(table)).toBe(200));
    await user.click(within(await consoleSection()).getByRole('button', { name: /さらに表示/ }));
    expect(
      await within(await consoleSection()).findByText(
        '古い記録を読み込めませんでした。もう一度お試しください。',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(rowsOf(await auditTable())).toHaveLength(200);
    await user.click(within(await consoleSection()).getByRole('button', { name: /さらに表示/ }));
    await waitFor(() => expect(lineCount(table)).toBe(400));
    expect(rowsOf(await auditTable())).toHaveLength(400);
  });
});
