// A page's floor: its server-rendered HTML with every script taken out, so the browser only has
// to download and paint what the server sent. Our page's LCP is compared with this one's.

/** JSON data blocks (the query state, JSON-LD) are data, not code: they stay. */
const isDataBlock = (attributes: string) => /\btype=["']?application\/(ld\+)?json\b/i.test(attributes);

/**
 * Hints that only serve scripts: preloads of scripts and of the JSON files scripts fetch
 * (registry, runtime config, remote manifest), and module preloads. Without the scripts they
 * would only compete with the page's own bytes.
 */
const servesScripts = (link: string) =>
  /\brel=["']?modulepreload\b/i.test(link) ||
  (/\brel=["']?preload\b/i.test(link) && /\bas=["']?(script|fetch)\b/i.test(link));

export function floorOf(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (script, attributes: string) =>
      isDataBlock(attributes) ? script : '',
    )
    .replace(/<link\b[^>]*>/gi, (link) => (servesScripts(link) ? '' : link));
}

/** Whether any executable script or script hint is left (the floor must have none). */
export function hasScripts(html: string): boolean {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].some((match) => !isDataBlock(match[1] ?? ''));
  const hints = [...html.matchAll(/<link\b[^>]*>/gi)].some((match) => servesScripts(match[0]));
  return scripts || hints;
}
