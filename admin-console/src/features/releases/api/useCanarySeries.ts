import { useQuery } from '@tanstack/react-query';
import { ReleaseApiError, type ReleaseEnvironment } from 'shared-releases';
import { useReleaseClient } from './useReleaseClient';

/** While a canary runs its chart is read again this often (a bucket is a minute at the shortest). */
export const SERIES_REFRESH_MS = 30_000;

/**
 * A canary's series for its chart (docs/canary-releases.md, "Charts"): `version` undefined asks for
 * the canary on the line, else the latest one. Under the overview's key, so a flip reads it again.
 */
export function useCanarySeries(remote: string, environment: ReleaseEnvironment, version: string | undefined) {
  const client = useReleaseClient();
  return useQuery({
    queryKey: ['releases', 'series', remote, environment, version ?? null],
    queryFn: () => client.canarySeries(remote, environment, version ? { version } : {}),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? SERIES_REFRESH_MS : false),
    // A refusal or "no canary yet" will not change on a retry.
    retry: (count, error) => !(error instanceof ReleaseApiError && error.status < 500) && count < 1,
  });
}
