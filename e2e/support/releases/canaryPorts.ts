/**
 * The canary world's ports (./canaryWorld.ts) for the Playwright worker of `parallelIndex`
 * (TEST_PARALLEL_INDEX: unique among the workers running at once, and below their number, which is
 * at most the number of lanes): two lanes' worlds never share a port. 4181–4185, 4201–4205, 4221–4225 …
 * (not 4190 and the like, which fetch refuses). No imports: scripts/test/e2eLanes.test.ts reads it.
 */
export function canaryPorts(parallelIndex: number) {
  const base = 4181 + 20 * parallelIndex;
  return { api: base, shellA: base + 1, shellB: base + 2, publicSite: base + 3, articles: base + 4 };
}
