import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

/**
 * The whole page as one string, once every Suspense boundary has its content (lazy pages
 * included): crawlers and link previews read the finished HTML, and the status code is known
 * before the first byte. Any error while rendering rejects — the caller then serves the
 * client-rendered page instead of half a page.
 *
 * A page whose code and data are already loaded (every page but the first few of a release: the
 * remote's prepare() fetched the data and its lazy pages stay loaded) renders in one synchronous
 * pass; only a page that is still waiting for something goes through the stream, which waits.
 */
export function renderToHtml(element: ReactElement, timeoutMs: number): Promise<string> {
  const html = renderAtOnce(element);
  return html === null ? renderStreamed(element, timeoutMs) : Promise.resolve(html);
}

/**
 * React marks a boundary it could not finish in one pass (something suspended, or threw) for the
 * browser to render: `<!--$!-->` (`<!--$?-->` while pending). Those pages are rendered again by the
 * stream, which waits for the suspended parts and rejects on the errors.
 */
const UNFINISHED_BOUNDARY = /<!--\$[!?]-->/;

/** The page from one synchronous pass (renderToString: no stream, no bytes), or null if unfinished. */
function renderAtOnce(element: ReactElement): string | null {
  try {
    const html = renderToString(element);
    return UNFINISHED_BOUNDARY.test(html) ? null : html;
  } catch {
    // Thrown outside any boundary, or suspended there: the stream renders it and says why.
    return null;
  }
}

function renderStreamed(element: ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let renderError: unknown = null;
    const timer = setTimeout(() => abort(new Error(`server render took longer than ${timeoutMs} ms`)), timeoutMs);
    const { pipe, abort } = renderToPipeableStream(element, {
      // Every boundary inline, in order: no boundary is "outlined" behind a fallback and an inline
      // script (which the CSP refuses and which a reader without JavaScript never runs).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        renderError ??= error;
      },
      onAllReady() {
        clearTimeout(timer);
        if (renderError) {
          reject(renderError);
          return;
        }
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            resolve(Buffer.concat(chunks).toString('utf8'));
            done();
          },
        });
        pipe(sink);
      },
    });
  });
}
