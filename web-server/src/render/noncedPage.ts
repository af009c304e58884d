// A cached page whose only per-response parts are its CSP nonce and its view token, compressed once.
//
// Compressing a 75 KB page took most of a cached response's time (brotli quality 2: ≈ 0.6 ms of
// ≈ 1.3 ms), only because the nonce differs in every response. DEFLATE allows splicing: each part
// of the page between two nonces is compressed once, on its own (raw deflate ending on a byte
// boundary, so its back-references stay inside it), and a response is those parts with the nonce
// (or the view token) between them as "stored" (uncompressed) blocks, in one gzip member: a memcpy
// and a CRC-32.
// Compressed once, it can afford level 9: smaller than the brotli the page was sent with before.
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Stands where the nonce goes while a page is compiled; never sent. Random per process, so that no
 * article text can contain it (and get the response's nonce written into it).
 */
export const NONCE_SLOT = `__RESPONSE_NONCE_${crypto.randomBytes(12).toString('hex')}__`;
/** Stands where the response's view token goes (docs/canary-releases.md), the same way. */
export const TOKEN_SLOT = `__RESPONSE_TOKEN_${crypto.randomBytes(12).toString('hex')}__`;
const SLOTS = new RegExp(`(${NONCE_SLOT}|${TOKEN_SLOT})`);

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last DEFLATE block: stored, final (BFINAL 1, BTYPE 00), empty (LEN 0, NLEN 0xffff). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** An uncompressed, non-final DEFLATE block ("stored", RFC 1951 §3.2.4) holding `bytes` (a nonce). */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError('a stored block holds at most 65,535 bytes');
  const header = Buffer.alloc(5); // BFINAL 0, BTYPE 00; the rest of the first byte is padding
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

export interface NoncedPage {
  text(nonce: string, token?: string): string;
  /**
   * @param nonce  as it stands in an attribute (base64 needs no escaping)
   * @param token  likewise (a view token is base64url, digits and `.:,`)
   */
  gzip(nonce: string, token?: string): Buffer;
}

/** @param html  the page with NONCE_SLOT wherever the response's nonce goes, TOKEN_SLOT its token */
export function compileNoncedPage(html: string, { level = zlib.constants.Z_BEST_COMPRESSION } = {}): NoncedPage {
  // [text, slot, text, slot, …, text]
  const pieces = html.split(SLOTS);
  const parts = pieces.filter((_, index) => index % 2 === 0);
  const slots = pieces.filter((_, index) => index % 2 === 1);
  const bytes = parts.map((part) => Buffer.from(part));
  // Byte-aligned and not final (Z_SYNC_FLUSH), so a block may follow; the final block is a stored one.
  const compressed = bytes.map((part) =>
    part.length > 0
      ? zlib.deflateRawSync(part, { level, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : null,
  );
  const totalStatic = bytes.reduce((sum, part) => sum + part.length, 0);
  const isNonce = slots.map((slot) => slot === NONCE_SLOT);

  return {
    text: (nonce, token = '') =>
      parts.map((part, index) => (index === 0 ? '' : isNonce[index - 1] ? nonce : token) + part).join(''),
    gzip(nonce, token = '') {
      const values = { nonce: Buffer.from(nonce), token: Buffer.from(token) };
      const blocks = { nonce: storedBlock(values.nonce), token: storedBlock(values.token) };
      const body: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      let length = totalStatic;
      bytes.forEach((part, index) => {
        if (index > 0) {
          const slot = isNonce[index - 1] ? 'nonce' : 'token';
          body.push(blocks[slot]);
          crc = zlib.crc32(values[slot], crc);
          length += values[slot].length;
        }
        if (compressed[index]) body.push(compressed[index]);
        crc = zlib.crc32(part, crc);
      });
      body.push(FINAL_EMPTY_BLOCK);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      body.push(trailer);
      return Buffer.concat(body);
    },
  };
}
