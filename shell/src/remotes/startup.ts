import { preloadRemoteRoutes } from './loadRemoteRoutes';
import { loadRegistry } from './registry';
import { findArea } from '../routing/areas';

/**
 * Reads the registry once, as early as possible; on a public page it also starts downloading
 * that area's remote while the shell's own chunks are still arriving.
 */
export const registryReady: Promise<void> = loadRegistry().then(() => {
  const area = findArea(window.location.pathname);
  if (area?.guard === 'none') preloadRemoteRoutes(area.remote);
});
