/**
 * The environments a remote is released into. A web server serves one of them
 * (RELEASE_ENVIRONMENT); a release goes to one, and a promotion moves the same published folder
 * from one to another without a rebuild (docs/releasing.md).
 */
export const RELEASE_ENVIRONMENTS = ['staging', 'production'] as const;
export type ReleaseEnvironment = (typeof RELEASE_ENVIRONMENTS)[number];

export const DEFAULT_ENVIRONMENT: ReleaseEnvironment = 'production';

export const isReleaseEnvironment = (value: unknown): value is ReleaseEnvironment =>
  (RELEASE_ENVIRONMENTS as readonly unknown[]).includes(value);

/** How the admin console names each environment. */
export const ENVIRONMENT_LABELS: Readonly<Record<ReleaseEnvironment, string>> = {
  staging: 'ステージング',
  production: '本番',
};
