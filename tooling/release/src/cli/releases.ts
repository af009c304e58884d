// npm run releases [-- --remote <remote>] [--audit <lines>] [--before <id>]
// npm run releases -- --prune [--older-than 1d] [--yes] [--remote <remote>]   (prune.ts)
// Per remote and environment: what is live, a running or withdrawn canary with its share, the
// health of both side by side, and what came before; then the audit log, newest first, and the
// command that shows the page before it (docs/releasing.md). With --before, only that older page
// of the audit log. Shows what the signed-in account may release.
import {
  AUDIT_PAGE_MAX,
  type AuditEntry,
  type Deployment,
  type EnvironmentReleases,
  type ReleaseClient,
  type ReleaseEnvironment,
} from 'shared-releases';
import { durationOption, pruneCandidates } from '../prune';
import { artifactStoreFromEnv } from '../storeConfig';
import { UsageError } from '../errors';
import { refusalOf } from '../releaseRemote';
import { findRemote, remotes } from '../remotes';
import { releaseApiUrl, releaseClientFromEnv } from '../service';
import { canaryStateText, decisionText, healthText } from './canaryText';
import { environmentLabel, parse, run } from './run';
import { say, terminal, type TerminalText } from './terminalText';

const step = (d: Deployment) => terminal`${d.version.padEnd(20)} ${d.action.padEnd(8)} ${d.at}  ${d.actor ?? '-'}`;

/** A canary action's share; for the service's withdrawal, the figures it decided on. */
function canaryDetail(e: AuditEntry): TerminalText {
  // typeof: a service older than the CLI leaves the field out.
  const share = typeof e.canaryPercent === 'number' ? `  割合 ${e.canaryPercent} %` : '';
  return e.decision ? terminal`${share}\n      判断: ${decisionText(e.decision)}` : terminal`${share}`;
}

/** One audit line: every field is the service's, the message and the gate's problems quote manifests. */
function auditLine(e: AuditEntry): TerminalText {
  const verdict = e.verdict?.problems.length ? `  ゲート: ${e.verdict.problems.join(' / ')}` : '';
  const before = e.before.version ? `  (前: ${e.before.version})` : '';
  // The service withdraws a canary on its own: no account did it.
  // The service's own withdrawals and planned steps have no actor.
  const actor = e.actor.uid === null && e.actor.email === null ? '自動' : (e.actor.email ?? e.actor.uid ?? '-');
  const commit = e.sourceCommit ? `  ${e.sourceCommit.slice(0, 12)}` : '';
  // An account's refusals without rights are one line per minute with their count.
  const attempts = (e.attempts ?? 1) > 1 ? `  (${e.attempts} 回)` : '';
  const line = terminal`  ${e.at}  ${e.outcome.padEnd(9)} ${e.action.padEnd(15)} ${e.remote} ${e.environment} ${e.version ?? '-'}${attempts}  ${actor}${commit}${before}${verdict}${canaryDetail(e)}`;
  return e.outcome === 'done' || !e.message ? line : terminal`${line}\n      ${e.message}`;
}

/**
 * The canary (running or withdrawn) and the health window, live and canary side by side. Either
 * may be missing from a service older than the CLI (issue 34's): then there is nothing to show.
 */
function canaryLines(
  { canary, health }: Partial<EnvironmentReleases>,
  workspace: string,
  environment: ReleaseEnvironment,
): TerminalText[] {
  const envOption = environment === 'production' ? '' : ` --env ${environment}`;
  const lines: TerminalText[] = [];
  if (canary) {
    lines.push(canaryStateText(canary));
    if (canary.withdrawn) {
      lines.push(
        terminal`  失敗率が高いため、リリースサービスが自動で取り下げました。すべての訪問者に現行を配信しています。`,
      );
      lines.push(terminal`  判断: ${decisionText(canary.withdrawn.decision)}`);
      // The service refuses a new canary until this one is cleared away.
      lines.push(terminal`  新しいカナリアの前に片付けてください: npm run canary -- ${workspace} abort${envOption}`);
    }
  }
  if (!health) return lines;
  const side = health.canary ? terminal` | カナリア ${healthText(health.canary)}` : terminal``;
  lines.push(terminal`健全性 (直近 ${health.windowMinutes} 分): 現行 ${healthText(health.live)}${side}`);
  // A running canary's current decision (absent from an older service).
  if (health.decision) lines.push(terminal`  判断: ${decisionText(health.decision)}`);
  return lines;
}

/** Dry run by default: lists what --yes would remove. */
async function prune(values: { remote?: string; 'older-than'?: string; yes?: boolean }) {
  const olderThan = durationOption(values['older-than']);
  // The store the releases were published to: the local folder or the bucket (RELEASE_STORE).
  const store = artifactStoreFromEnv();
  const chosen = values.remote === undefined ? remotes : [findRemote(values.remote)];
  const candidates = await pruneCandidates(releaseClientFromEnv(), store, chosen, olderThan).catch(refusalOf);
  const verb = values.yes ? '削除します' : '削除できます (--yes で削除)';
  say(terminal`どこからも参照されていない公開済みバージョン ${candidates.length} 件を${verb}: ${store.description}`);
  for (const { remote, version, publishedAt } of candidates) {
    say(terminal`  ${remote.workspace} ${version}  ${publishedAt.toISOString()}`);
    if (values.yes) await store.remove(remote, version);
  }
}

/** --before: the nextBefore a previous page printed. */
function beforeOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,14}$/.test(value)) {
    throw new UsageError(
      `--before「${value}」は使えません。前のページが示した番号 (1 以上の整数) を指定してください。`,
    );
  }
  return Number(value);
}

async function printEnvironments(client: ReleaseClient, remote: string | undefined) {
  const overview = await client.overview().catch(refusalOf);
  say(terminal`release service: ${releaseApiUrl()}  (${overview.viewer.email ?? overview.viewer.uid})`);
  for (const entry of overview.remotes.filter((r) => remote === undefined || r.remote === remote)) {
    say(terminal`\n${entry.remote}`);
    for (const environment of overview.environments) {
      const releases = entry.environments[environment];
      const { live, history } = releases;
      say(
        terminal`  ${environmentLabel(environment)}: ${live ? `${live.version}  ${live.manifestUrl}` : '(デプロイ時のビルド)'}`,
      );
      for (const line of canaryLines(releases, entry.workspace, environment)) say(terminal`    ${line}`);
      for (const d of history) say(terminal`    ${step(d)}`);
    }
  }
}

run(async () => {
  const { values } = parse({
    remote: { type: 'string' },
    audit: { type: 'string', default: '20' },
    before: { type: 'string' },
    prune: { type: 'boolean', default: false },
    'older-than': { type: 'string' },
    yes: { type: 'boolean', default: false },
  });
  if (values.prune) {
    if (values.before !== undefined) throw new UsageError('--before は --prune と一緒には使えません。');
    return prune(values);
  }
  if (values.yes || values['older-than'] !== undefined) {
    throw new UsageError('--yes と --older-than は --prune と一緒に使います。');
  }
  const remote = values.remote === undefined ? undefined : findRemote(values.remote).federationName;
  const before = beforeOption(values.before);
  const client = releaseClientFromEnv();
  if (before === undefined) await printEnvironments(client, remote);
  const asked = Number(values.audit);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, AUDIT_PAGE_MAX) : 20;
  const { entries, nextBefore } = await client.audit({ remote, limit, before }).catch(refusalOf);
  const older = before === undefined ? '' : `、番号 ${before} より前`;
  say(terminal`\n監査ログ (新しい順${older}、${entries.length} 件)`);
  for (const entry of entries) say(auditLine(entry));
  if (typeof nextBefore === 'number') {
    const options = [values.remote ? `--remote ${values.remote}` : '', values.audit === '20' ? '' : `--audit ${limit}`];
    const next = [...options.filter(Boolean), `--before ${nextBefore}`].join(' ');
    say(terminal`\nさらに古い記録: npm run releases -- ${next}`);
  }
});
