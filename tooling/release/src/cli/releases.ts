// npm run releases [-- --remote <remote>] [--audit <lines>]
// Per remote and environment: what is live and what came before; then the audit log, newest
// first (docs/releasing.md). Shows what the signed-in account may release.
import type { AuditEntry, Deployment } from 'shared-releases';
import { refusalOf } from '../releaseRemote';
import { findRemote } from '../remotes';
import { releaseApiUrl, releaseClientFromEnv } from '../service';
import { environmentLabel, parse, run } from './run';

const step = (d: Deployment) => `${d.version.padEnd(20)} ${d.action.padEnd(8)} ${d.at}  ${d.actor ?? '-'}`;

function auditLine(e: AuditEntry): string {
  const verdict = e.verdict?.problems.length ? `  ゲート: ${e.verdict.problems.join(' / ')}` : '';
  const before = e.before.version ? `  (前: ${e.before.version})` : '';
  return (
    `  ${e.at}  ${e.outcome.padEnd(9)} ${e.action.padEnd(8)} ${e.remote} ${e.environment} ${e.version ?? '-'}` +
    `  ${e.actor.email ?? e.actor.uid ?? '-'}${e.sourceCommit ? `  ${e.sourceCommit.slice(0, 12)}` : ''}${before}${verdict}` +
    (e.outcome === 'done' || !e.message ? '' : `\n      ${e.message}`)
  );
}

run(async () => {
  const { values } = parse({ remote: { type: 'string' }, audit: { type: 'string', default: '20' } });
  const remote = values.remote === undefined ? undefined : findRemote(values.remote).federationName;
  const client = releaseClientFromEnv();
  const overview = await client.overview().catch(refusalOf);
  console.log(`release service: ${releaseApiUrl()}  (${overview.viewer.email ?? overview.viewer.uid})`);
  for (const entry of overview.remotes.filter((r) => remote === undefined || r.remote === remote)) {
    console.log(`\n${entry.remote}`);
    for (const environment of overview.environments) {
      const { live, history } = entry.environments[environment];
      console.log(
        `  ${environmentLabel(environment)}: ${live ? `${live.version}  ${live.manifestUrl}` : '(デプロイ時のビルド)'}`,
      );
      for (const d of history) console.log(`    ${step(d)}`);
    }
  }
  const limit = Number(values.audit);
  const { entries } = await client
    .audit({ remote, limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 20 })
    .catch(refusalOf);
  console.log(`\n監査ログ (新しい順、${entries.length} 件)`);
  for (const entry of entries) console.log(auditLine(entry));
});
