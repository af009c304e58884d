// What a release or a rollback changes in the store's state, as pure functions on
// `{ registry, history }`: the registry maps remote name → live manifest URL; the history lists
// every release (in order) and every flip. The store applies them under its lock.

export class ReleaseError extends Error {}

export const emptyHistory = () => ({ releases: [], events: [] });

/** Normalises what was read from disk; a missing file is an empty state. */
export function normaliseState({ registry, history } = {}) {
  return {
    registry: registry && typeof registry === 'object' && !Array.isArray(registry) ? { ...registry } : {},
    history: {
      releases: Array.isArray(history?.releases) ? [...history.releases] : [],
      events: Array.isArray(history?.events) ? [...history.events] : [],
    },
  };
}

export const releasesOf = (state, remote) => state.history.releases.filter((r) => r.remote === remote);

/** Points `remote` at a new release and records it. */
export function recordRelease(state, { remote, version, url, at = new Date().toISOString() }) {
  if (releasesOf(state, remote).some((r) => r.version === version)) {
    throw new ReleaseError(
      `${remote} のバージョン ${version} は既にリリース済みです。別の --version を指定してください。`,
    );
  }
  const previousUrl = state.registry[remote] ?? null;
  return {
    registry: Object.assign({}, state.registry, { [remote]: url }),
    history: {
      releases: [...state.history.releases, { remote, version, url, at }],
      events: [...state.history.events, { at, remote, action: 'release', version, url, previousUrl }],
    },
  };
}

/** The release before the live one, in release order; a rollback from there goes further back. */
export function rollbackTarget(state, remote) {
  const releases = releasesOf(state, remote);
  const live = state.registry[remote];
  const index = releases.findLastIndex((r) => r.url === live);
  if (index === -1) {
    throw new ReleaseError(`${remote} はリリースストアから配信されていないため、ロールバックできません。`);
  }
  if (index === 0) {
    throw new ReleaseError(`${remote} の ${releases[0].version} より前のリリースはありません。`);
  }
  return releases[index - 1];
}

/** Points `remote` back at the release before the live one. */
export function recordRollback(state, remote, at = new Date().toISOString()) {
  const target = rollbackTarget(state, remote);
  return {
    target,
    state: {
      registry: Object.assign({}, state.registry, { [remote]: target.url }),
      history: {
        releases: state.history.releases,
        events: [
          ...state.history.events,
          {
            at,
            remote,
            action: 'rollback',
            version: target.version,
            url: target.url,
            previousUrl: state.registry[remote],
          },
        ],
      },
    },
  };
}

/** Per remote: what is live (a release or the local build) and the releases before, newest first. */
export function describeReleases(state, fallbackRegistry, remoteNames) {
  return remoteNames.map((remote) => {
    const releases = releasesOf(state, remote);
    const liveUrl = state.registry[remote] ?? fallbackRegistry[remote];
    const live = releases.findLast((r) => r.url === liveUrl) ?? null;
    return {
      remote,
      liveUrl,
      liveVersion: live?.version ?? null,
      others: releases.filter((r) => r !== live).reverse(),
    };
  });
}
