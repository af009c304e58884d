import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { compileNoncedPage, NONCE_SLOT, TOKEN_SLOT } from './noncedPage';

/**
 * A cached page is compressed once; each response splices its own nonce in. Whatever the page,
 * the gzip a response gets must inflate to exactly the page with that nonce.
 */
const nonce = () => crypto.randomBytes(16).toString('base64');

// Repetitive markup (long back-references) with Japanese text, as a rendered article page has.
const article = Array.from(
  { length: 400 },
  (_, i) =>
    `<article class="card-${i % 7}"><h2>生成AIの使い方 ${i}</h2><p>ChatGPTで業務を効率化する方法。</p></article>`,
).join('');
const page = (body: string) =>
  `<!doctype html><html lang="ja"><head><meta property="csp-nonce" nonce="${NONCE_SLOT}">` +
  `<style nonce="${NONCE_SLOT}" data-styled="true">.a{color:red}</style></head><body>${body}</body></html>`;

describe('compileNoncedPage', () => {
  it.each([
    ['an article page (two nonces, > 64 KB)', page(article)],
    ['no nonce at all', `<p>${article}</p>`],
    ['a nonce first and last', `${NONCE_SLOT}<p>本文</p>${NONCE_SLOT}`],
    ['nonces side by side', `<a>${NONCE_SLOT}${NONCE_SLOT}</a>`],
    ['an empty page', ''],
  ])('%s: every response inflates to the page with its own nonce', (_name, html) => {
    const compiled = compileNoncedPage(html);
    for (const value of [nonce(), nonce(), 'a"b&c']) {
      const expected = html.split(NONCE_SLOT).join(value);
      expect(compiled.text(value)).toBe(expected);
      // gunzip checks the CRC-32 and the length in the trailer too.
      expect(zlib.gunzipSync(compiled.gzip(value)).toString()).toBe(expected);
    }
  });

  it('sends no trace of the slot', () => {
    const compiled = compileNoncedPage(page(article));
    const value = nonce();
    expect(zlib.gunzipSync(compiled.gzip(value)).toString()).not.toContain(NONCE_SLOT);
    expect(compiled.text(value)).not.toContain(NONCE_SLOT);
  });

  it('splices the view token where TOKEN_SLOT stands, beside the nonces, per response', () => {
    const html = page(`<meta name="view-token" content="${TOKEN_SLOT}">${article}${TOKEN_SLOT}`);
    const compiled = compileNoncedPage(html);
    for (const [value, token] of [
      [nonce(), 'tok.1.2.public_site:abcdefgh.sig'],
      [nonce(), ''],
      ['same', 'same'],
    ] as const) {
      const expected = html.split(NONCE_SLOT).join(value).split(TOKEN_SLOT).join(token);
      expect(compiled.text(value, token)).toBe(expected);
      expect(zlib.gunzipSync(compiled.gzip(value, token)).toString()).toBe(expected);
    }
    expect(zlib.gunzipSync(compiled.gzip(nonce(), 'x')).toString()).not.toContain(TOKEN_SLOT);
  });
});
