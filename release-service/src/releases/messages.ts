/** The release service's Japanese messages, one place (service-kit's MESSAGES hold the shared ones). */
import { ENVIRONMENT_LABELS, type ReleaseEnvironment } from 'shared-releases';

const env = (environment: ReleaseEnvironment) => `${ENVIRONMENT_LABELS[environment]} (${environment})`;

export const RELEASE_MESSAGES = {
  foreignHealthReport: (origin: string) =>
    `${origin.slice(0, 100)} からの稼働状況の報告は受け付けません。このサイトのページだけが報告できます。`,
  storageUnavailable: 'リリースのデータベースに一時的に接続できません。しばらく待ってから再試行してください。',
  unknownRemote: (remote: string, known: readonly string[]) =>
    `リモート「${remote}」はありません。${known.join(' / ')} のどれかを指定してください。`,
  unknownEnvironment: (environment: string, known: readonly string[]) =>
    `環境「${environment}」はありません。${known.join(' / ')} のどれかを指定してください。`,
  notATeamMember: (workspace: string) =>
    `${workspace} をリリースする権限がありません。${workspace} チームのメンバーか管理者だけがリリースできます。`,
  noReleaseRights: 'リリースの権限がありません。リリースチームのメンバーか管理者だけが利用できます。',
  versionExists: (workspace: string, version: string) =>
    `${workspace} のバージョン ${version} は既にあります。別のバージョンを指定してください。`,
  versionNotPublished: (workspace: string, version: string, url: string) =>
    `${workspace} のバージョン ${version} は公開されていません (${url} がありません)。先にフォルダを公開してください。`,
  unknownVersion: (workspace: string, version: string) =>
    `${workspace} のバージョン ${version} はリリースされていません。先にステージングへリリースしてください。`,
  alreadyLive: (workspace: string, version: string, environment: ReleaseEnvironment) =>
    `${workspace} の ${version} は既に${env(environment)}で公開中です。`,
  storeUnreachable: (url: string, reason: string) =>
    `リリースのマニフェスト ${url} を読めません (${reason})。アーティファクトストアを確認してください。`,
  shellUnreachable: (environment: ReleaseEnvironment, url: string, reason: string) =>
    `${env(environment)}のシェルのマニフェスト ${url} を読めません (${reason})。互換性を確認できないため中止しました。`,
  gateRefused: (workspace: string, version: string, environment: ReleaseEnvironment) =>
    `${workspace} ${version} は${env(environment)}のシェルと互換性がないため中止しました。レジストリと公開中のサイトは変更していません。`,
  notServedFromStore: (workspace: string, environment: ReleaseEnvironment) =>
    `${workspace} は${env(environment)}でリリースストアから配信されていないため、ロールバックできません。`,
  nothingBefore: (workspace: string, version: string, environment: ReleaseEnvironment) =>
    `${workspace} の${env(environment)}には ${version} より前のリリースはありません。`,
  conflict: (workspace: string, environment: ReleaseEnvironment) =>
    `${workspace} の${env(environment)}は、この操作の間に別のリリースで切り替わりました。状態を確認してからやり直してください。`,
  stateMismatch: (workspace: string, environment: ReleaseEnvironment, live: string | null, canary: string | null) =>
    `${workspace} の${env(environment)}は画面で確認した状態から変わっています。今の公開中は ${live ?? '配備ビルド'}、カナリアは ${canary ?? 'なし'} です。状態を確認してからやり直してください。`,
  canaryBlocks: (workspace: string, environment: ReleaseEnvironment, version: string) =>
    `${workspace} の${env(environment)}ではカナリア ${version} を配信中です。先にカナリアを昇格 (promote) するか中止 (abort) してください。`,
  canaryRunning: (workspace: string, environment: ReleaseEnvironment, version: string, percent: number) =>
    `${workspace} の${env(environment)}では既にカナリア ${version} を ${percent}% に配信中です。新しいカナリアの前に、今のカナリアを昇格 (promote) するか中止 (abort) してください。`,
  noCanary: (workspace: string, environment: ReleaseEnvironment) =>
    `${workspace} の${env(environment)}で配信中のカナリアはありません。`,
  canaryWithdrawn: (workspace: string, environment: ReleaseEnvironment, version: string) =>
    `${workspace} の${env(environment)}のカナリア ${version} は、失敗率が高いためサービスが取り下げました。中止 (abort) してから、修正したバージョンでやり直してください。`,
  planned: (steps: readonly number[], soakSeconds: number) =>
    `ステップ ${steps.map((step) => `${step}%`).join(' → ')} → 昇格。各ステップを ${soakSeconds} 秒以上、逐次検定が healthy と判定するまで保持して自動で進めます。`,
  soakTooShort: (least: number) =>
    `ステップの保持時間は ${least} 秒以上で指定してください (例: --soak ${least >= 60 ? `${Math.ceil(least / 60)}m` : `${least}s`})。`,
  planStartMismatch: (first: number, percent: number) =>
    `カナリアの割合 (${percent}%) はステップの最初 (${first}%) と同じにしてください。`,
  noPlan: (workspace: string) => `${workspace} のカナリアにはステップがありません。割合は手で変更してください。`,
  alreadyPaused: (workspace: string, paused: boolean) =>
    `${workspace} のカナリアのステップは既に${paused ? '一時停止' : '進行'}中です。`,
  noCanaryYet: (workspace: string, environment: string) =>
    `${workspace} の${environment}ではまだカナリアを実行したことがありません。`,
  noCanaryRun: (workspace: string, environment: string, version: string) =>
    `${workspace} の${environment}でカナリア ${version} を始めた記録が監査ログにありません。バージョンを確認してください。`,
  samePercent: (workspace: string, percent: number) => `${workspace} のカナリアは既に ${percent}% で配信中です。`,
} as const;
