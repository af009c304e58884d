// Generated text (pages, feeds, JSON) sent compressed on the fly.
import type http from 'node:http';
import zlib from 'node:zlib';
import { accepts } from './staticFiles';

/** Generated text compressed for one response: brotli at a fast level, else gzip, else as it is. */
export function sendBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  text: string,
): void {
  const encoding = accepts(req, 'br') ? 'br' : accepts(req, 'gzip') ? 'gzip' : null;
  res.writeHead(status, encoding ? Object.assign({}, headers, { 'Content-Encoding': encoding }) : headers);
  if (req.method === 'HEAD') res.end();
  else if (encoding === 'br') {
    // Quality 1: what comes here is compressed for one response (a freshly rendered page, a
    // generated document; cached pages go out precompressed, noncedPage.ts), so speed beats the
    // last bytes. Against quality 2 an article page is 6 % larger (9.7 KB) and the burst's p99
    // went 46 → 39 ms (docs/log.md). The size hint lets brotli size
    // its tables for a page, not any stream.
    const body = Buffer.from(text);
    res.end(
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  } else if (encoding === 'gzip') res.end(zlib.gzipSync(text, { level: 1 }));
  else res.end(text);
}

/** The plain-text answer when a request fails on our side: the visitor is told to retry. */
export function sendUnavailable(res: http.ServerResponse): void {
  if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
  res.end('一時的に表示できません。しばらくしてから再読み込みしてください。');
}
