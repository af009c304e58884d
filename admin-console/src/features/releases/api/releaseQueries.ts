import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReleaseApiError, type FlipResult, type ReleaseEnvironment } from 'shared-releases';
import { useReleaseClient } from './useReleaseClient';

const releaseKeys = {
  all: ['releases'] as const,
  overview: ['releases', 'overview'] as const,
  audit: ['releases', 'audit'] as const,
};

/** A refusal (403, 404, 409) will not change on a retry; no answer or a server error might. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ReleaseApiError && error.status >= 400 && error.status < 500) && failureCount < 1;

/** How many audit lines the page shows (the service's default is 100, its maximum 500). */
export const AUDIT_LIMIT = 200;

export function useReleaseOverview() {
  const client = useReleaseClient();
  return useQuery({ queryKey: releaseKeys.overview, queryFn: () => client.overview(), retry: retryOnce });
}

export function useReleaseAudit() {
  const client = useReleaseClient();
  return useQuery({
    queryKey: releaseKeys.audit,
    queryFn: () => client.audit({ limit: AUDIT_LIMIT }),
    retry: retryOnce,
  });
}

/** What a confirmed button asks the service to do. */
export type FlipRequest =
  | { kind: 'promote'; remote: string; workspace: string; environment: 'production'; version: string }
  | {
      kind: 'rollback';
      remote: string;
      workspace: string;
      environment: ReleaseEnvironment;
      /** What is live now, and where the service's rule leads back to. */
      from: string;
      version: string;
    };

/** Promotes or rolls back; done or refused, the overview and the audit log are read again. */
export function useFlip() {
  const client = useReleaseClient();
  const queryClient = useQueryClient();
  return useMutation<FlipResult, unknown, FlipRequest>({
    mutationFn: (request) =>
      request.kind === 'promote'
        ? client.promote(request.remote, request.environment, { version: request.version })
        : client.rollback(request.remote, request.environment),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}
