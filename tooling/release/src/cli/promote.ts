// npm run promote -- <remote> <version> [--to production|staging]
// Makes a version released before (to staging) live in another environment: the same published
// folder, gated again against that environment's shell, no build (docs/releasing.md).
import { ReleaseError } from '../errors';
import { promoteRemote } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseClientFromEnv } from '../service';
import { environmentOption, parse, printFlip, run } from './run';
import { terminal } from './terminalText';

run(async () => {
  const { values, positionals } = parse({ to: { type: 'string' } });
  const [name, version] = positionals;
  if (!version) throw new ReleaseError('使い方: npm run promote -- <リモート> <バージョン> [--to production]');
  const remote = findRemote(name);
  const result = await promoteRemote(releaseClientFromEnv(), remote, version, environmentOption(values.to));
  printFlip(result, terminal`${remote.federationName} ${version} を昇格しました`);
});
