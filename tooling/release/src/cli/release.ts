// npm run release -- <remote> [--env staging|production] [--version <id>] [--from <built folder>]
// npm run release -- <remote> --rollback [--env staging|production]
// docs/releasing.md. Exit 1 with the reason when refused; nothing changes then.
import { versionFromClock } from 'shared-releases';
import { artifactStoreDir, createLocalArtifactStore } from '../artifactStore';
import { releaseRemote, rollbackRemote, sourceCommit } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseClientFromEnv } from '../service';
import { environmentOption, parse, printFlip, run } from './run';

run(async () => {
  const { values, positionals } = parse({
    env: { type: 'string' },
    version: { type: 'string' },
    from: { type: 'string' },
    rollback: { type: 'boolean', default: false },
  });
  const remote = findRemote(positionals[0]);
  const environment = environmentOption(values.env);
  const client = releaseClientFromEnv();
  if (values.rollback) {
    const result = await rollbackRemote(client, remote, environment);
    printFlip(result, `${remote.federationName} を ${result.live.version} に戻しました`);
    return;
  }
  const version = values.version ?? versionFromClock();
  const result = await releaseRemote({
    remote,
    version,
    environment,
    store: createLocalArtifactStore(artifactStoreDir()),
    client,
    fromDir: values.from,
    commit: sourceCommit(),
    log: (line) => console.log(line),
  });
  printFlip(result, `${remote.federationName} ${version} を公開しました`);
});
