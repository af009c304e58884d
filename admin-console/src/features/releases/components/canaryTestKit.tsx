/** The canary panel's tests: a fake release service, the page, and where the panel is. */
import { screen, within } from '@testing-library/react';
import type { AuditEntry, ReleaseOverview } from 'shared-releases';
import { fakeFetch, renderApp, type FakeReply, type FakeRequest } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';
import { auditEntries } from './releaseFixtures';

/** A fake release service holding `overview`; `act` answers every POST and may change what it holds. */
export function fakeService(
  overview: ReleaseOverview,
  act: (request: FakeRequest, state: { overview: ReleaseOverview }) => FakeReply | Promise<FakeReply> = () => ({
    status: 500,
  }),
  audit: AuditEntry[] = auditEntries(),
) {
  const state = { overview };
  const api = fakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/releases') return { status: 200, body: state.overview };
    if (request.method === 'GET' && request.path === '/releases/audit')
      return { status: 200, body: { entries: audit } };
    if (request.method === 'POST') return act(request, state);
    return { status: 404, body: { error: '見つかりません。' } };
  });
  return { api, state };
}

export const renderPage = () => renderApp(<AdminConsoleRoutes />, { url: '/admin/releases', auth: adminAuth });

/** admin-console's production canary panel (`hidden`: while a dialog hides the page). */
export async function canaryPanel(hidden = false) {
  const remote = await screen.findByRole('region', { name: /^admin-console/, hidden });
  const production = within(remote).getByRole('region', { name: '本番 (production)', hidden });
  return within(production).getByRole('region', { name: 'カナリア（admin-console・本番）', hidden });
}

export const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

export const CANARY = '/releases/admin_console/production/canary';
