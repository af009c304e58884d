// npm run release -- <remote> [--env staging|production] [--version <id>] [--from <built folder>]
// npm run release -- <remote> --canary <1–99> [--env …] [--version <id>] [--from <built folder>]
// npm run release -- <remote> --canary 1,10,50 --soak 10m [--env …]: steps the service advances
// npm run release -- <remote> --rollback [--env staging|production]
// npm run release -- <remote> --publish-only [--version <id>] [--from <built folder>]: into the
//   store only, for the リリース page's カナリアを開始
// docs/releasing.md. Exit 1 with the reason when refused (nothing changes then), 2 when typed wrong.
import { versionFromClock } from 'shared-releases';
import { UsageError } from '../errors';
import { publishOnly, releaseRemote, rollbackRemote, sourceCommit, startCanaryRemote } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseClientFromEnv } from '../service';
import { artifactStoreFromEnv } from '../storeConfig';
import { canaryStartArgs } from './canaryPlan';
import { printCanary } from './canaryText';
import { environmentOption, parse, printFlip, run } from './run';
import { say, terminal } from './terminalText';

run(async () => {
  const { values, positionals } = parse({
    env: { type: 'string' },
    version: { type: 'string' },
    from: { type: 'string' },
    rollback: { type: 'boolean', default: false },
    canary: { type: 'string' },
    soak: { type: 'string' },
    'publish-only': { type: 'boolean', default: false },
  });
  const remote = findRemote(positionals[0]);
  const environment = environmentOption(values.env);
  // Read before anything is built: a share typed wrong should not cost a build.
  if (values.soak !== undefined && values.canary === undefined) {
    throw new UsageError('--soak は --canary のステップと一緒に使います (例: --canary 1,10,50 --soak 10m)。');
  }
  const started =
    values.canary === undefined ? undefined : canaryStartArgs(values.canary, values.soak, remote.workspace);
  const percent = started?.percent;
  const publishOnlyAsked = values['publish-only'];
  if (publishOnlyAsked && (percent !== undefined || values.rollback)) {
    throw new UsageError('--publish-only は --canary・--rollback と一緒に使えません (ストアに置くだけです)。');
  }
  const client = releaseClientFromEnv();
  if (values.rollback) {
    if (percent !== undefined) throw new UsageError('--rollback と --canary は一緒に使えません。');
    const result = await rollbackRemote(client, remote, environment);
    printFlip(result, terminal`${remote.federationName} を ${result.live.version} に戻しました`);
    return;
  }
  const version = values.version ?? versionFromClock();
  // Read before anything is built, like the share: a store set up wrong should not cost a build.
  const store = artifactStoreFromEnv();
  const options = {
    remote,
    version,
    environment,
    store,
    client,
    fromDir: values.from,
    commit: sourceCommit(),
    log: (line: string) => say(terminal`${line}`),
  };
  if (publishOnlyAsked) {
    await publishOnly(options);
    say(terminal`✔ ${remote.workspace} ${version} をアーティファクトストアに置きました (まだ公開していません)。`);
    say(terminal`  リリースページの「カナリアを開始」でバージョン ${version} を指定して始められます。`);
    say(terminal`  どのリリースにも使われないまま 1 日を過ぎると npm run releases -- --prune の対象になります。`);
    return;
  }
  if (percent === undefined) {
    printFlip(await releaseRemote(options), terminal`${remote.federationName} ${version} を公開しました`);
    return;
  }
  printCanary(
    await startCanaryRemote({ ...options, percent, plan: started?.plan }),
    terminal`${remote.federationName} ${version} をカナリアとして公開しました`,
  );
  const envOption = environment === 'production' ? '' : ` --env ${environment}`;
  if (started?.plan) {
    const { steps, soakSeconds } = started.plan;
    say(terminal`  ステップ ${steps.join(' → ')} % → 昇格 (各 ${soakSeconds} 秒以上、healthy の判定で自動で進みます)`);
    say(terminal`  一時停止・再開: npm run canary -- ${remote.workspace} pause | resume${envOption}`);
  }
  say(terminal`  割合の変更・昇格・中止: npm run canary -- ${remote.workspace} <1〜99> | promote | abort${envOption}`);
});
