// Lighthouse mobile on each page three ways, interleaved within one run so that the machine's
// load hits them alike: server-rendered (as shipped), its floor (the same HTML without scripts)
// and client-rendered (SERVER_RENDERING=off, the "before").
import fs from 'node:fs';
import path from 'node:path';
import type { BenchStack, ShellVariant } from './benchStack';
import { floorOf, hasScripts } from './floor';
import { lighthouseOnce, medianFigures, type LighthouseFigures } from './lighthouse';

export const VARIANTS = ['server', 'floor', 'client'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface PageComparison {
  /** X-Render of the page the floor was made from. */
  render: string;
  /** HTML bytes (uncompressed) of the page and of its floor. */
  htmlBytes: { server: number; floor: number };
  median: Record<Variant, LighthouseFigures>;
  /** Median LCP over the floor's median LCP. */
  lcpToFloor: { server: number; client: number };
  samples: Record<Variant, LighthouseFigures[]>;
}

/** Fetches the server-rendered page (twice: the second is the page cache's copy) and serves its floor. */
async function prepareFloor(stack: BenchStack, route: string, floorsDir: string) {
  stack.use('server');
  await fetch(`${stack.shellUrl}${route}`);
  const response = await fetch(`${stack.shellUrl}${route}`);
  const render = response.headers.get('x-render') ?? 'none';
  if (!render.startsWith('server')) throw new Error(`${route} was not server-rendered (X-Render: ${render})`);
  const html = await response.text();
  const floor = floorOf(html);
  if (hasScripts(floor)) throw new Error(`the floor of ${route} still has scripts`);
  const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
  fs.writeFileSync(path.join(floorsDir, `${name}.html`), floor);
  return {
    render,
    url: stack.addFloor(route, floor),
    htmlBytes: { server: Buffer.byteLength(html), floor: Buffer.byteLength(floor) },
  };
}

export async function compareWithFloors(
  stack: BenchStack,
  pages: Record<string, string>,
  runs: number,
  chromePath: string,
  floorsDir: string,
): Promise<Record<string, PageComparison>> {
  fs.mkdirSync(floorsDir, { recursive: true });
  const prepared = new Map<string, Awaited<ReturnType<typeof prepareFloor>>>();
  for (const [label, route] of Object.entries(pages)) prepared.set(label, await prepareFloor(stack, route, floorsDir));

  const samples = new Map<string, Record<Variant, LighthouseFigures[]>>(
    Object.keys(pages).map((label) => [label, { server: [], floor: [], client: [] }]),
  );
  for (let run = 0; run < runs; run++) {
    for (const [label, route] of Object.entries(pages)) {
      // A different variant goes first in each run: no variant always follows the same one.
      const order = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length]!);
      for (const variant of order) {
        const shell: ShellVariant = variant === 'client' ? 'client' : 'server';
        stack.use(shell);
        const url = variant === 'floor' ? prepared.get(label)!.url : `${stack.shellUrl}${route}`;
        console.log(`  run ${run + 1}/${runs} ${label} ${variant}`);
        samples.get(label)![variant].push(await lighthouseOnce(url, 'mobile', chromePath));
      }
    }
  }
  stack.use('server');

  return Object.fromEntries(
    Object.keys(pages).map((label) => {
      const own = samples.get(label)!;
      const median = {
        server: medianFigures(own.server),
        floor: medianFigures(own.floor),
        client: medianFigures(own.client),
      };
      const { render, htmlBytes } = prepared.get(label)!;
      const comparison: PageComparison = {
        render,
        htmlBytes,
        median,
        lcpToFloor: {
          server: median.server.lcpMs / median.floor.lcpMs,
          client: median.client.lcpMs / median.floor.lcpMs,
        },
        samples: own,
      };
      return [label, comparison];
    }),
  );
}
