/**
 * The release registry's services, built once per app over one storage: releases, canaries and
 * health share the repository, the rights and the clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticatedUser } from 'service-kit';
import type { AppConfig } from '../config';
import type { HealthRepository } from '../db/healthRepository';
import type { VitalsRepository } from '../db/vitalsRepository';
import type { ReleaseRepository } from '../db/releaseRepository';
import { releaseAccess } from './access';
import { createCanarySeries } from './canarySeries';
import { createCanaryService } from './canaryService';
import { createCanarySteps } from './canarySteps';
import { createHealthService } from './healthService';
import { healthInRounds, sharedReads } from './healthRounds';
import type { FetchManifest } from './manifests';
import { createOperationViews } from './operations';
import { createReleaseService } from './releaseService';
import { createReleaseViews } from './releaseViews';
import { createVitalsService } from './vitalsService';

export interface ReleaseServicesDeps {
  repo: ReleaseRepository;
  healthStore: HealthRepository;
  /** Core Web Vitals per release; without it, canaries are judged on failure rates alone */
  vitalsStore?: VitalsRepository;
  config: Pick<AppConfig, 'releasePublicUrl' | 'releaseShellManifests' | 'health' | 'canarySteps'>;
  fetchManifest: FetchManifest;
  isAdmin: (user: AuthenticatedUser) => boolean;
  /** Milliseconds since the epoch; Date.now unless a test moves time. */
  clock?: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createReleaseServices({
  repo,
  healthStore,
  vitalsStore,
  config,
  fetchManifest,
  isAdmin,
  clock = Date.now,
  log,
}: ReleaseServicesDeps) {
  const access = releaseAccess(isAdmin);
  const deps = { repo, config, fetchManifest, access, clock };
  const steps = createCanarySteps({ repo, log, fetchManifest, shellManifests: config.releaseShellManifests });
  const vitals = vitalsStore ? createVitalsService(vitalsStore, config.health) : undefined;
  const health = createHealthService({
    // A busy instance's reports read the lines and write together (healthRounds.ts).
    repo: Object.assign({}, repo, { entries: sharedReads(repo.entries) }),
    store: healthInRounds(healthStore),
    rules: config.health,
    clock,
    log,
    advance: steps.advance,
    ...(vitals ? { vitals } : {}),
  });
  return {
    releases: Object.assign(createReleaseViews(repo, access, health), createReleaseService(deps)),
    canaries: createCanaryService(deps),
    operations: createOperationViews(repo),
    health,
    series: createCanarySeries({ repo, store: healthStore, vitals, access, clock }),
  };
}

export type ReleaseServices = ReturnType<typeof createReleaseServices>;
