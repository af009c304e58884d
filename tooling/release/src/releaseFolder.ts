// What may be published as a release folder: regular files and directories, nothing else.
//
// A release folder is served as it is by its remote's web server, and that server follows
// symbolic links: a link `x -> /` in a published folder made GET /releases/<v>/x/etc/hostname
// answer with the server's own file. fs.cpSync copies links as links (and makes relative targets
// absolute), so a link is refused here rather than trusted to stay harmless. Sockets, FIFOs and
// devices have no place in a build either (a FIFO blocks whoever reads it).
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors';

const MAX_LISTED = 20;

function kindOf(stat: fs.Stats, file: string): string {
  if (stat.isSymbolicLink()) return `シンボリックリンク → ${fs.readlinkSync(file)}`;
  if (stat.isFIFO()) return 'FIFO';
  if (stat.isSocket()) return 'ソケット';
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return 'デバイス';
  return '通常のファイルでもフォルダでもありません';
}

/**
 * Every entry under `root` that is neither a regular file nor a directory, with what it is.
 * Walks with lstat, so nothing is followed. `root` itself may be a link to a folder (e.g. `--from`
 * naming a symlinked dist): what is published is what it contains.
 * Paths are relative to root.
 */
export function unpublishableEntries(root: string): Array<{ path: string; kind: string }> {
  const found: Array<{ path: string; kind: string }> = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const stat = fs.lstatSync(file);
      if (stat.isDirectory()) walk(file);
      else if (!stat.isFile()) found.push({ path: path.relative(root, file), kind: kindOf(stat, file) });
    }
  };
  walk(root);
  return found;
}

/** Throws a ReleaseError naming each entry that may not be published; `folder` names root in the message. */
export function assertPublishable(root: string, folder = root): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch (error) {
    throw new ReleaseError(`公開するフォルダ ${folder} を読めません (${(error as Error).message})。`);
  }
  if (!stat.isDirectory()) throw new ReleaseError(`公開するフォルダ ${folder} はフォルダではありません。`);
  const found = unpublishableEntries(root);
  if (found.length === 0) return;
  const listed = found.slice(0, MAX_LISTED).map((entry) => `  - ${entry.path} (${entry.kind})`);
  if (found.length > MAX_LISTED) listed.push(`  … ほか ${found.length - MAX_LISTED} 件`);
  throw new ReleaseError(
    [
      `${folder} には通常のファイルとフォルダ以外のものがあるため、公開しません:`,
      ...listed,
      'シンボリックリンクは配信するサーバーがたどるため、リンク先 (サーバーのディスク) が公開されてしまいます。' +
        '実体のファイルに置き換えてください。リリースストアには何も書いていません。',
    ].join('\n'),
  );
}
