import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReleaseApiError,
  type CanaryResult,
  type FlipResult,
  type ReleaseClient,
  type ReleaseEnvironment,
} from 'shared-releases';
import { useReleaseClient } from './useReleaseClient';

const releaseKeys = {
  all: ['releases'] as const,
  overview: ['releases', 'overview'] as const,
  audit: ['releases', 'audit'] as const,
};

/** A refusal (403, 404, 409) will not change on a retry; no answer or a server error might. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(error instanceof ReleaseApiError && error.status >= 400 && error.status < 500) && failureCount < 1;

/** How many audit lines a page of the log holds (the service's default is 100, its maximum 500). */
export const AUDIT_LIMIT = 200;

export function useReleaseOverview() {
  const client = useReleaseClient();
  return useQuery({ queryKey: releaseKeys.overview, queryFn: () => client.overview(), retry: retryOnce });
}

/**
 * The audit log, newest first: its last AUDIT_LIMIT lines, then (fetchNextPage, the page's
 * さらに表示) the AUDIT_LIMIT before those, following the service's nextBefore. Read again after a
 * flip, every page loaded so far.
 */
export function useReleaseAudit() {
  const client = useReleaseClient();
  return useInfiniteQuery({
    queryKey: releaseKeys.audit,
    queryFn: ({ pageParam }) =>
      client.audit(pageParam === null ? { limit: AUDIT_LIMIT } : { limit: AUDIT_LIMIT, before: pageParam }),
    initialPageParam: null as number | null,
    // null or absent (a service without pages): the log has nothing older.
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    retry: retryOnce,
  });
}

interface Target {
  remote: string;
  workspace: string;
}

/** A canary's share changed, promoted to every visitor, or aborted (the version named in the dialog). */
export type CanaryRequest = Target & { environment: ReleaseEnvironment; version: string } & (
    | { kind: 'canary-percent'; from: number; percent: number }
    | {
        kind: 'canary-promote' | 'canary-abort';
        /** What every visitor is served now besides the canary (null: the deployed build). */
        live: string | null;
        /** Aborting one the service withdrew: nobody is served it any more, the abort clears it. */
        withdrawn?: boolean;
      }
  );

/** What a confirmed button asks the service to do. */
export type FlipRequest =
  | (Target & { kind: 'promote'; environment: 'production'; version: string })
  | (Target & {
      kind: 'rollback';
      environment: ReleaseEnvironment;
      /** What is live now, and where the service's rule leads back to. */
      from: string;
      version: string;
    })
  | CanaryRequest;

function send(client: ReleaseClient, request: FlipRequest): Promise<FlipResult | CanaryResult> {
  const { remote, environment } = request;
  switch (request.kind) {
    case 'promote':
      return client.promote(remote, environment, { version: request.version });
    case 'rollback':
      return client.rollback(remote, environment);
    case 'canary-percent':
      return client.setCanaryPercent(remote, environment, request.percent);
    case 'canary-promote':
      return client.promoteCanary(remote, environment);
    case 'canary-abort':
      return client.abortCanary(remote, environment);
  }
}

/** Promotes, rolls back or moves a canary; done or refused, the overview and the audit log are read again. */
export function useFlip() {
  const client = useReleaseClient();
  const queryClient = useQueryClient();
  return useMutation<FlipResult | CanaryResult, unknown, FlipRequest>({
    mutationFn: (request) => send(client, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}
