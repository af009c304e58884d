import type { Deployment } from 'shared-releases';
import { rollbackTarget } from './rollbackTarget';

const step = (version: string, action: Deployment['action'] = 'release'): Deployment => ({
  version,
  action,
  manifestUrl: `http://localhost:3004/releases/${version}/mf-manifest.json`,
  at: '2025-06-01T00:00:00.000Z',
  actor: 'admin@example.com',
});

/** History as the overview gives it: newest first. */
const environment = (...newestFirst: Deployment[]) => ({ live: newestFirst[0] ?? null, history: newestFirst });

describe('the version a rollback goes back to', () => {
  it('is the release before the live one, and further back after a rollback', () => {
    expect(rollbackTarget(environment(step('v3'), step('v2'), step('v1')))).toBe('v2');
    const afterRollback = environment(step('v2', 'rollback'), step('v3'), step('v2'), step('v1'));
    expect(rollbackTarget(afterRollback)).toBe('v1');
  });

  it('skips steps of the same version and counts promotions', () => {
    expect(rollbackTarget(environment(step('v2', 'promote'), step('v2'), step('v1', 'promote')))).toBe('v1');
  });

  it('is none for the first release or without a live release', () => {
    expect(rollbackTarget(environment(step('v1')))).toBeNull();
    expect(rollbackTarget({ live: null, history: [step('v1')] })).toBeNull();
    const backAtFirst = environment(step('v1', 'rollback'), step('v2'), step('v1'));
    expect(rollbackTarget(backAtFirst)).toBeNull();
  });
});
