import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReleaseApiError,
  type CanaryPlanBody,
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
    /** A planned canary's steps held or let go (docs/canary-releases.md, "Steps"). */
    | { kind: 'canary-pause' | 'canary-resume' }
    /**
     * A published, never recorded version started as a canary at `percent`, with steps the service
     * advances when `plan` is given (the CLI's `--canary 1,10,50 --soak 10m`).
     */
    | { kind: 'canary-start'; percent: number; plan?: CanaryPlanBody; live: string | null }
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

/**
 * Sends exactly what the dialog showed (docs/releasing.md, "Stale pages"): the live release a
 * rollback leaves, the canary a share, promotion or abort acts on; the service refuses with a 409
 * naming what is current when another team member changed it meanwhile. `operationId` names the
 * confirmed action: the service answers a repeat of it with its first outcome.
 */
function send(client: ReleaseClient, request: FlipRequest, operationId: string): Promise<FlipResult | CanaryResult> {
  const { remote, environment } = request;
  switch (request.kind) {
    case 'promote':
      return client.promote(remote, environment, { version: request.version }, operationId);
    case 'rollback':
      return client.rollback(remote, environment, { expectedLive: request.from }, operationId);
    case 'canary-percent':
      return client.setCanaryPercent(
        remote,
        environment,
        { percent: request.percent, expectedCanary: request.version },
        operationId,
      );
    case 'canary-promote':
      return client.promoteCanary(remote, environment, { expectedCanary: request.version }, operationId);
    case 'canary-abort':
      return client.abortCanary(remote, environment, { expectedCanary: request.version }, operationId);
    case 'canary-start': {
      const { version, percent, plan, live } = request;
      const body = { version, canaryPercent: percent, ...(plan ? { canaryPlan: plan } : {}), expectedLive: live };
      return client.startCanary(remote, environment, body, operationId);
    }
    case 'canary-pause':
    case 'canary-resume': {
      const hold = request.kind === 'canary-pause' ? 'pause' : 'resume';
      return client.holdCanary(remote, environment, hold, { expectedCanary: request.version }, operationId);
    }
  }
}

/** Promotes, rolls back or moves a canary; done or refused, the overview and the audit log are read again. */
export function useFlip() {
  const client = useReleaseClient();
  const queryClient = useQueryClient();
  return useMutation<FlipResult | CanaryResult, unknown, FlipRequest>({
    // One operation id per confirmed action (a new click is a new action).
    mutationFn: (request) => send(client, request, crypto.randomUUID()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}
