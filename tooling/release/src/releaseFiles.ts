// The files of a release folder as they go to object storage: read once (never through a link),
// with the hashes the store is checked against and the headers the web server would send.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CRC32C } from '@google-cloud/storage';
// The web server's own rules (also Firebase Hosting's, scripts/hosting): no-cache on what names
// other files (mf-manifest.json, remoteEntry.js, index.html), a year immutable on content-hashed files.
import { cacheControlFor, contentTypeOf } from 'web-server/static-files';
import { ReleaseError } from './errors';

export interface ReleaseFile {
  /** Path inside the version, with `/`. */
  name: string;
  bytes: Buffer;
  md5: string;
  crc32c: string;
  contentType: string;
  cacheControl: string;
}

/**
 * The entries a browser loads first: stored last, so that a publish interrupted half-way leaves
 * no manifest for the service (or a preview) to load a partial version through.
 */
const ENTRIES = new Set(['mf-manifest.json', 'remoteEntry.js']);
const entry = (name: string) => ENTRIES.has(path.posix.basename(name));

/**
 * A precompressed sibling of a file of the build (`x.js.gz`, `x.js.br`): the local servers choose
 * it by Accept-Encoding; a bucket serves objects as they are, so it is not uploaded (as Firebase
 * Hosting ignores them). The identity file is always there.
 */
const precompressed = (name: string, names: Set<string>) => /\.(br|gz)$/.test(name) && names.has(name.slice(0, -3));

function readRegularFile(file: string): Buffer {
  // O_NOFOLLOW and fstat on the descriptor: a file replaced by a link after the folder was
  // checked is refused, not followed.
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    if (!fs.fstatSync(fd).isFile()) throw new ReleaseError(`${file} は通常のファイルではないため、公開しません。`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Every file to upload, entries last. `root` has been checked by assertPublishable. */
export function releaseFiles(root: string): ReleaseFile[] {
  const names = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const all = new Set(names);
  return names
    .filter((name) => !precompressed(name, all))
    .sort((a, b) => Number(entry(a)) - Number(entry(b)) || a.localeCompare(b))
    .map((name) => {
      const bytes = readRegularFile(path.join(root, name));
      const crc = new CRC32C();
      crc.update(bytes);
      return {
        name,
        bytes,
        md5: crypto.createHash('md5').update(bytes).digest('base64'),
        crc32c: crc.toString(),
        contentType: contentTypeOf(name),
        cacheControl: cacheControlFor(`/${name}`),
      };
    });
}

export const isEntry = (file: ReleaseFile) => entry(file.name);
