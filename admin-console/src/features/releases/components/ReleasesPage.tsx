import { useState } from 'react';
import type { AuditMoreState } from './AuditLogMore';
import styled from 'styled-components';
import { Banner, Button, Spinner, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { useFlip, useReleaseAudit, useReleaseOverview, type FlipRequest } from '../api/releaseQueries';
import { refusalOf, serviceMessage, successText } from '../lib/releaseText';
import { ConfirmFlipDialog } from './ConfirmFlipDialog';
import { RemoteReleasesSection } from './RemoteReleasesSection';

const TITLE = 'リリース';

const Remotes = styled.div`
  display: grid;
  gap: 40px;
`;

const Notice = styled.div`
  display: grid;
  gap: 8px;
  margin-bottom: 20px;
`;

const Problems = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 2.2em;
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
`;

const Retry = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

type Outcome =
  | { tone: 'success'; message: string; notes: readonly string[] }
  | { tone: 'error'; message: string; problems: readonly string[] };

/**
 * /admin/releases (issue 34): per remote the account may release (admins: every one) and per
 * environment the live release, its canary and health (issue 35), its history, the published
 * versions and the audit log; 本番へ昇格, ロールバック and the canary's 割合を変更 / 昇格 / 中止 behind a
 * confirmation. The service decides every call; the page shows its answer.
 */
export function ReleasesPage() {
  useDocumentTitle(TITLE);
  const overview = useReleaseOverview();
  const audit = useReleaseAudit();
  const flip = useFlip();
  const [pending, setPending] = useState<FlipRequest | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pagedBack, setPagedBack] = useState(false);
  const auditLines = audit.data?.pages.flatMap((page) => page.entries);
  const moreState: AuditMoreState = audit.isFetchingNextPage
    ? 'loading'
    : audit.isFetchNextPageError
      ? 'error'
      : audit.hasNextPage
        ? 'more'
        : 'end';
  const auditMore = {
    state: moreState,
    pagedBack,
    onMore: () => {
      setPagedBack(true);
      void audit.fetchNextPage();
    },
  };

  const run = (request: FlipRequest) => {
    setOutcome(null);
    flip.mutate(request, {
      onSuccess: (result) =>
        setOutcome({ tone: 'success', message: successText(request, result), notes: result.notes }),
      onError: (error) => setOutcome({ tone: 'error', ...refusalOf(request, error) }),
      onSettled: () => setPending(null),
    });
  };

  const viewer = overview.data?.viewer;
  const lead = viewer
    ? viewer.admin
      ? '管理者として、すべてのリモートのステージングと本番を表示しています。'
      : `チーム ${viewer.teams.join('・')} のリモートのステージングと本番を表示しています。`
    : undefined;

  return (
    <>
      <PageHeader size="small" title={TITLE} lead={lead} />
      <div aria-live="polite">
        {outcome?.tone === 'success' && (
          <Notice>
            <Banner tone="success" onClose={() => setOutcome(null)}>
              {outcome.message}
            </Banner>
            {outcome.notes.length > 0 && (
              <Problems aria-label="互換性チェックのメモ">
                {outcome.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </Problems>
            )}
          </Notice>
        )}
      </div>
      {outcome?.tone === 'error' && (
        <Notice>
          <Banner tone="error" onClose={() => setOutcome(null)}>
            {outcome.message}
          </Banner>
          {outcome.problems.length > 0 && (
            <Problems aria-label="互換性チェックの問題">
              {outcome.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Problems>
          )}
        </Notice>
      )}
      {overview.isPending ? (
        <Spinner label="リリース情報を読み込んでいます..." />
      ) : overview.isError ? (
        <Retry>
          <Banner tone="error">{serviceMessage(overview.error, 'リリース情報の取得に失敗しました。')}</Banner>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void overview.refetch()}
            disabled={overview.isFetching}
          >
            再読み込み
          </Button>
        </Retry>
      ) : (
        <Remotes>
          {overview.data.remotes.map((remote) => (
            <RemoteReleasesSection
              key={remote.remote}
              remote={remote}
              audit={auditLines?.filter((entry) => entry.remote === remote.remote)}
              auditState={audit.isPending ? 'loading' : audit.isError && !auditLines ? 'error' : 'ready'}
              auditMore={auditMore}
              busy={flip.isPending}
              onRequest={(request) => {
                setOutcome(null);
                setPending(request);
              }}
            />
          ))}
        </Remotes>
      )}
      <ConfirmFlipDialog request={pending} running={flip.isPending} onCancel={() => setPending(null)} onConfirm={run} />
    </>
  );
}
