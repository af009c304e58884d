// npm run canary -- <remote> <percent|promote|abort> [--env staging|production]
// The canary running in an environment (started by `npm run release -- <remote> --canary <n>`):
// a new share of the visitors (1–99), promoted to every visitor, or aborted (docs/releasing.md).
// Exit 1 with the service's sentence when refused, 2 when typed wrong.
import { UsageError } from '../errors';
import { refusalOf } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseClientFromEnv } from '../service';
import { canaryPercentArg, printCanary } from './canaryText';
import { environmentOption, parse, run } from './run';
import { terminal } from './terminalText';

const USAGE = '使い方: npm run canary -- <リモート> <割合 1〜99 | promote | abort> [--env staging|production]';

run(async () => {
  const { values, positionals } = parse({ env: { type: 'string' } });
  const [name, what, ...extra] = positionals;
  if (!name || !what) throw new UsageError(USAGE);
  if (extra.length > 0) throw new UsageError(`余分な引数があります: ${extra.join(' ')}\n${USAGE}`);
  const remote = findRemote(name);
  const environment = environmentOption(values.env);
  if (what !== 'promote' && what !== 'abort' && !/^\d/.test(what)) {
    throw new UsageError(`「${what}」は割合でも promote / abort でもありません。\n${USAGE}`);
  }
  const percent = what === 'promote' || what === 'abort' ? null : canaryPercentArg(what, remote.workspace);
  const client = releaseClientFromEnv();
  const target = remote.federationName;
  if (what === 'promote') {
    const result = await client.promoteCanary(target, environment).catch(refusalOf);
    printCanary(result, terminal`${target} のカナリア ${result.live?.version ?? ''} を昇格しました`);
  } else if (what === 'abort') {
    const result = await client.abortCanary(target, environment).catch(refusalOf);
    printCanary(result, terminal`${target} のカナリアを中止しました`);
  } else if (percent !== null) {
    const result = await client.setCanaryPercent(target, environment, percent).catch(refusalOf);
    printCanary(
      result,
      terminal`${target} のカナリア ${result.canary?.version ?? ''} の割合を ${percent} % にしました`,
    );
  }
});
