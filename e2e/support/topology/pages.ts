// What the topology test reads in a served page, and how it sends requests a browser cannot:
// a forged Host header goes out as written through node:http (fetch would send the URL's).
import http from 'node:http';
import { paced } from '../pace';

export interface ShareUrls {
  canonical: string | null;
  ogUrl: string | null;
  ogImage: string | null;
}

const attributes = (tag: string) =>
  Object.fromEntries(
    [...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((match) => [match[1]!.toLowerCase(), match[2]!]),
  );

/** The canonical link, og:url and og:image of a page's <head>, whatever the order of their attributes. */
export function shareUrls(html: string): ShareUrls {
  const end = html.indexOf('</head>');
  const head = end === -1 ? html : html.slice(0, end);
  const tags = [...head.matchAll(/<(?:link|meta)\b[^>]*>/g)].map((match) => attributes(match[0]));
  const link = tags.find((tag) => tag.rel === 'canonical');
  const meta = (property: string) => tags.find((tag) => tag.property === property)?.content ?? null;
  return { canonical: link?.href ?? null, ogUrl: meta('og:url'), ogImage: meta('og:image') };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with exactly these headers (Host included), on a fresh connection. */
export function rawGet(origin: string, pathname: string, headers: Record<string, string>): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path: pathname, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(paced(30_000), () => request.destroy(new Error(`GET ${origin}${pathname} timed out`)));
    request.on('error', reject);
  });
}

export interface ArticleDraft {
  title: string;
  content: string;
  slug: string;
  category: string;
  date: string;
}

/** PUT /api/articles/:id with an admin's token (the admin console's edit). */
export async function putArticle(apiBase: string, token: string, id: number, draft: ArticleDraft): Promise<void> {
  const response = await fetch(`${apiBase}/articles/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(draft),
  });
  if (response.status !== 200) throw new Error(`PUT failed: ${response.status} ${await response.text()}`);
}
