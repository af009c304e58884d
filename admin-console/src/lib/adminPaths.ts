/**
 * The リリース page. Not (yet) in shared-core's `paths`: adding it there means bumping shared-core,
 * whose exact range article-api declares too. The shell's route table (shell/src/routing/areas.ts)
 * opens the same path to release teams.
 */
export const releasesPath = '/admin/releases';
