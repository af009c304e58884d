import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * The whole page as one string, once every Suspense boundary has its content (lazy pages
 * included): crawlers and link previews read the finished HTML, and the status code is known
 * before the first byte. Any error while rendering rejects — the caller then serves the
 * client-rendered page instead of half a page.
 */
export function renderToHtml(element: ReactElement, timeoutMs: number): Promise<string> {
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
