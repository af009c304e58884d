// npm run canary -- <remote> <percent|promote|abort|pause|resume> [--env staging|production]
// The canary running in an environment (started by `npm run release -- <remote> --canary <n>`):
// a new share of the visitors (1–99), promoted to every visitor, or aborted; a canary with steps
// (--canary 1,10,50 --soak 10m) paused or resumed (docs/releasing.md).
// Exit 1 with the service's sentence when refused, 2 when typed wrong.
import { ENVIRONMENT_LABELS } from 'shared-releases';
import { ReleaseError, UsageError } from '../errors';
import { decidedWrite } from '../operation';
import { currentState, refusalOf } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseClientFromEnv } from '../service';
import { canaryPercentArg, printCanary } from './canaryText';
import { environmentOption, parse, run } from './run';
import { terminal } from './terminalText';

const USAGE =
  '使い方: npm run canary -- <リモート> <割合 1〜99 | promote | abort | pause | resume> [--env staging|production]';
const WORDS = ['promote', 'abort', 'pause', 'resume'];

run(async () => {
  const { values, positionals } = parse({ env: { type: 'string' } });
  const [name, what, ...extra] = positionals;
  if (!name || !what) throw new UsageError(USAGE);
  if (extra.length > 0) throw new UsageError(`余分な引数があります: ${extra.join(' ')}\n${USAGE}`);
  const remote = findRemote(name);
  const environment = environmentOption(values.env);
  if (!WORDS.includes(what) && !/^\d/.test(what)) {
    throw new UsageError(`「${what}」は割合でも promote / abort / pause / resume でもありません。\n${USAGE}`);
  }
  const percent = WORDS.includes(what) ? null : canaryPercentArg(what, remote.workspace);
  const client = releaseClientFromEnv();
  const target = remote.federationName;
  // The canary this command acts on, read first and named in the request: one started or
  // promoted meanwhile by someone else is a 409, not a change to a canary nobody here saw.
  const { canary } = await currentState(client, remote, environment);
  if (!canary) {
    throw new ReleaseError(
      `${remote.workspace} の${ENVIRONMENT_LABELS[environment]} (${environment})で配信中のカナリアはありません。`,
    );
  }
  const body = { expectedCanary: canary };
  const send = <T>(write: (id: string) => Promise<T>) => decidedWrite(client, write).catch(refusalOf);
  if (what === 'promote') {
    const result = await send((id) => client.promoteCanary(target, environment, body, id));
    printCanary(result, terminal`${target} のカナリア ${result.live?.version ?? ''} を昇格しました`);
  } else if (what === 'abort') {
    const result = await send((id) => client.abortCanary(target, environment, body, id));
    printCanary(result, terminal`${target} のカナリアを中止しました`);
  } else if (what === 'pause' || what === 'resume') {
    const result = await send((id) => client.holdCanary(target, environment, what, body, id));
    const done = what === 'pause' ? '一時停止しました (取り下げは引き続き働きます)' : '再開しました';
    printCanary(result, terminal`${target} のカナリアのステップを${done}`);
  } else if (percent !== null) {
    const result = await send((id) => client.setCanaryPercent(target, environment, { percent, ...body }, id));
    printCanary(
      result,
      terminal`${target} のカナリア ${result.canary?.version ?? ''} の割合を ${percent} % にしました`,
    );
  }
});
