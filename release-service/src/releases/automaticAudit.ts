import type { AuditRecord } from '../db/releaseRepository';

/**
 * An audit line of the service's own doing (a canary withdrawn on its health, a step advanced or
 * promoted by its plan): no actor, done, about the running canary `canary` of the line `before`.
 */
export function automaticAudit(
  canary: { version: string; manifestUrl: string },
  fields: Pick<AuditRecord, 'action' | 'remote' | 'environment' | 'sourceCommit' | 'verdict' | 'before' | 'message'> &
    Pick<AuditRecord, 'canaryPercent' | 'decision'>,
): AuditRecord {
  return Object.assign(
    {
      actor: { uid: null, email: null },
      outcome: 'done' as const,
      version: canary.version,
      manifestUrl: canary.manifestUrl,
    },
    fields,
  );
}
