import type {
  AuditEntry,
  Deployment,
  EnvironmentReleases,
  ReleaseHealth,
  ReleaseOverview,
  RemoteReleases,
} from 'shared-releases';

export const manifestOf = (version: string) => `http://localhost:3004/releases/${version}/mf-manifest.json`;

export const step = (version: string, action: Deployment['action'], at: string): Deployment => ({
  version,
  action,
  manifestUrl: manifestOf(version),
  at,
  actor: 'console-team@example.com',
});

/** A release's figures in the health window: `failures` load failures among `views`. */
export const healthOf = (version: string | null, views: number, failures = 0): ReleaseHealth => ({
  version,
  views,
  loadFailures: failures,
  renderCrashes: 0,
  hydrationErrors: 0,
  failureRate: views === 0 ? null : failures / views,
});

/** An environment without a canary: the live release and its figures. */
export const environmentOf = (history: Deployment[], views = 0): EnvironmentReleases => ({
  live: history[0] ?? null,
  history,
  canary: null,
  health: { live: healthOf(history[0]?.version ?? null, views), canary: null, windowMinutes: 10 },
});

/** admin-console: v3 live in staging, v2 in production (promoted after v1). */
export function adminConsole(): RemoteReleases {
  const staging = [
    step('v3', 'release', '2025-06-03T01:00:00.000Z'),
    step('v2', 'release', '2025-06-02T01:00:00.000Z'),
    step('v1', 'release', '2025-06-01T01:00:00.000Z'),
  ];
  const production = [
    step('v2', 'promote', '2025-06-02T03:00:00.000Z'),
    step('v1', 'promote', '2025-06-01T03:00:00.000Z'),
  ];
  return {
    remote: 'admin_console',
    workspace: 'admin-console',
    environments: {
      staging: environmentOf(staging),
      production: environmentOf(production, 1200),
    },
    versions: ['v3', 'v2', 'v1'].map((version, index) => ({
      version,
      createdAt: `2025-06-0${3 - index}T01:00:00.000Z`,
      createdBy: 'console-team@example.com',
      sourceCommit: index === 0 ? 'abc1234def5678' : null,
    })),
  };
}

export const publicSite = (): RemoteReleases => ({
  remote: 'public_site',
  workspace: 'public-site',
  environments: { staging: environmentOf([]), production: environmentOf([]) },
  versions: [],
});

export const adminOverview = (): ReleaseOverview => ({
  viewer: { uid: 'admin-uid', email: 'admin@example.com', admin: true, teams: [] },
  environments: ['staging', 'production'],
  remotes: [publicSite(), adminConsole()],
});

export const teamOverview = (): ReleaseOverview => ({
  viewer: { uid: 'team-uid', email: 'public-team@example.com', admin: false, teams: ['public-site'] },
  environments: ['staging', 'production'],
  remotes: [publicSite()],
});

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2025-06-03T02:00:00.000Z',
  actor: { uid: 'uid-team', email: 'console-team@example.com' },
  action: 'release',
  outcome: 'done',
  remote: 'admin_console',
  environment: 'staging',
  version: 'v3',
  sourceCommit: null,
  verdict: { ok: true, problems: [], notes: [] },
  before: { version: 'v2', manifestUrl: manifestOf('v2') },
  message: null,
  canaryPercent: null,
  decision: null,
  ...fields,
});

export const GATE_PROBLEM =
  '共有シングルトン react: admin_console は ^20.0.0 を必要としますが、シェルが提供するのは 19.2.0 です。';
export const GATE_REFUSAL =
  'admin-console needs-react-20 は本番 (production)のシェルと互換性がないため中止しました。レジストリと公開中のサイトは変更していません。';

/** Oldest first, as ids grow; the service answers newest first, the page sorts anyway. */
export const auditEntries = (): AuditEntry[] => [
  entry(1, { version: 'v3' }),
  entry(2, {
    action: 'promote',
    outcome: 'refused',
    environment: 'production',
    version: 'needs-react-20',
    verdict: { ok: false, problems: [GATE_PROBLEM], notes: [] },
    message: GATE_REFUSAL,
    at: '2025-06-03T03:00:00.000Z',
  }),
  entry(3, { remote: 'public_site', outcome: 'forbidden', actor: { uid: 'x', email: 'other@example.com' } }),
];
