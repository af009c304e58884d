/**
 * The release registry's test world: accounts with team claims, and manifests the gate reads from
 * an in-memory artifact store and shells (no HTTP), as published folders and live shells would.
 */
import { randomUUID } from 'node:crypto';
import type { FederationManifest } from 'shared-releases/gate';
import type { AuthenticatedUser, VerifyToken } from '../../src/auth/types';
import { ManifestUnavailableError, type FetchManifest } from '../../src/releases/manifests';
import { bearer, fakeVerifyToken, TOKENS } from './testApp';

/** A release write's headers: the token and a new operation id (one per call: one action each). */
export const writeHeaders = (token: string, operationId: string = randomUUID()) =>
  Object.assign(bearer(token), { 'idempotency-key': operationId });

export const RELEASE_TOKENS = {
  admin: TOKENS.admin,
  adminTeam: 'token-admin-console-team',
  publicTeam: 'token-public-site-team',
  noTeam: TOKENS.user,
} as const;

const TEAM_USERS: Record<string, AuthenticatedUser> = {
  [RELEASE_TOKENS.adminTeam]: {
    uid: 'uid-admin-team',
    email: 'console-team@example.com',
    emailVerified: true,
    teams: ['admin-console'],
  },
  [RELEASE_TOKENS.publicTeam]: {
    uid: 'uid-public-team',
    email: 'public-team@example.com',
    emailVerified: true,
    teams: ['public-site'],
  },
};

/** The standard fake tokens plus two team members. */
export const releaseVerifyToken: VerifyToken = async (token) => TEAM_USERS[token] ?? fakeVerifyToken(token);

export const STORE = 'http://store.test/{workspace}';
export const SHELLS = {
  staging: 'http://staging.test/mf-manifest.json',
  production: 'http://www.test/mf-manifest.json',
};
export const RELEASE_ENV = {
  RELEASE_PUBLIC_URL: STORE,
  RELEASE_SHELL_MANIFEST_STAGING: SHELLS.staging,
  RELEASE_SHELL_MANIFEST_PRODUCTION: SHELLS.production,
};

export const manifestUrlOf = (workspace: string, version: string) =>
  `http://store.test/${workspace}/${version}/mf-manifest.json`;

const shared = (name: string, version: string, requiredVersion = `^${version}`) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

export const shellManifest = (reactVersion = '19.2.0'): FederationManifest => ({
  name: 'shell',
  exposes: [],
  shared: [shared('react', reactVersion), shared('react-dom', reactVersion)],
});

/** A remote's build; `react` is the range it requires of the shell's React. */
export const remoteManifest = (name: string, react = '^19.0.0'): FederationManifest => ({
  name,
  exposes: [{ path: './routes' }],
  shared: [shared('react', '19.2.0', react), shared('react-dom', '19.2.0', react)],
});

/** Manifests by URL; a URL not in it answers 404 like an unpublished folder. */
export function fakeManifests() {
  const byUrl = new Map<string, FederationManifest>([
    [SHELLS.staging, shellManifest()],
    [SHELLS.production, shellManifest()],
  ]);
  const fetchManifest: FetchManifest = async (url) => {
    const manifest = byUrl.get(url);
    if (!manifest) throw new ManifestUnavailableError(url, 'HTTP 404', true);
    return structuredClone(manifest);
  };
  return {
    fetchManifest,
    /** Publishes a build of `remote` (registry name) as `workspace/version`. */
    publish(workspace: string, version: string, manifest: FederationManifest) {
      byUrl.set(manifestUrlOf(workspace, version), manifest);
    },
    setShell(environment: keyof typeof SHELLS, manifest: FederationManifest) {
      byUrl.set(SHELLS[environment], manifest);
    },
  };
}
