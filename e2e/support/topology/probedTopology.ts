// The topology every topology test file starts for itself: one probe article written through the
// first API instance, and every public page cached on both web servers before the first test.
import { test } from '@playwright/test';
import { adminIdToken, createArticle } from '../reliabilityApi';
import type { ArticleDraft } from './pages';
import { log, SECOND, warm } from './probes';
import { startTopology, type Topology } from './topology';
import { paced } from '../pace';

export interface ProbedTopology {
  topology: Topology;
  /** An admin's ID token from the Auth emulator. */
  token: string;
  /** The article the tests edit (through the second API instance: one database). */
  probe: { id: number; draft: ArticleDraft };
  /** Every public page: the fixed ones, a seed article and the probe article. */
  pages: string[];
}

export async function startProbedTopology(): Promise<ProbedTopology> {
  const startedAt = Date.now();
  const topology = await startTopology();
  const upAt = Date.now();
  const token = await adminIdToken();
  const draft: ArticleDraft = {
    title: 'トポロジー確認記事 初版',
    content: '<p>二つのウェブサーバーと二つの API の前に nginx を置いた構成を確かめる記事です。</p>',
    slug: 'topology-probe',
    category: 'AIニュース',
    date: '2025-10-01',
  };
  const created = await createArticle(token, draft, topology.apis[0]!.base);
  const list = (await (await fetch(`${topology.origin}/api/articles`)).json()) as { slug: string }[];
  const seed = list.find((article) => article.slug !== draft.slug);
  if (!seed) throw new Error('the API lists no seed article');
  const pages = [
    '/',
    '/about',
    '/contents',
    '/articles',
    `/articles/${seed.slug}`,
    `/articles/${draft.slug}`,
    '/privacy',
    '/terms',
  ];
  for (const server of topology.webServers) {
    const cold = await warm(server, pages);
    if (cold.length > 0) throw new Error(`${server.name} never cached ${cold.join(', ')}:\n${server.output()}`);
  }
  log(
    `started in ${((upAt - startedAt) / SECOND).toFixed(1)} s (${topology.startup}; nginx at ${topology.origin}); ` +
      `pages cached on both instances after ${((Date.now() - startedAt) / SECOND).toFixed(1)} s`,
  );
  return { topology, token, probe: { id: created.id, draft }, pages };
}

/**
 * Inside a test.describe: the file's topology, started before its first test (handed to
 * `receive`) and stopped after its last, with the timeouts a slow 2-core machine needs (the bars,
 * 0 failed and ≤ 5 s, are asserted by the tests, not these).
 */
export function useProbedTopology(receive: (probed: ProbedTopology) => void): void {
  test.describe.configure({ timeout: paced(120) * SECOND });
  let started: Topology | undefined;
  test.beforeAll(async () => {
    test.setTimeout(paced(180 * SECOND));
    const probed = await startProbedTopology();
    started = probed.topology;
    receive(probed);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
}
