import { useId } from 'react';
import styled from 'styled-components';
import { RELEASE_ENVIRONMENTS, type AuditEntry, type RemoteReleases } from 'shared-releases';
import { media } from 'shared-ui';
import type { FlipRequest } from '../api/releaseQueries';
import { AuditLogMore, type AuditMoreState } from './AuditLogMore';
import { AuditLogTable } from './AuditLogTable';
import { EnvironmentPanel } from './EnvironmentPanel';
import { Muted } from './releaseStyles';
import { VersionsTable } from './VersionsTable';

const Section = styled.section`
  display: grid;
  gap: 16px;
  padding-top: 8px;

  h2,
  h3 {
    margin: 0;
  }

  h2 {
    font-size: 1.3rem;
  }

  h3 {
    font-size: 1.05rem;
  }
`;

const Environments = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 16px;

  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

interface RemoteReleasesSectionProps {
  remote: RemoteReleases;
  /** This remote's audit lines; undefined while the log loads or when it could not be read. */
  audit: readonly AuditEntry[] | undefined;
  auditState: 'loading' | 'error' | 'ready';
  /** Paging back through the log (shared by every remote's section: one log, one cursor). */
  auditMore: { state: AuditMoreState; pagedBack: boolean; onMore: () => void };
  busy: boolean;
  onRequest: (request: FlipRequest) => void;
}

/** One remote: staging and production side by side, its published versions and its audit log. */
export function RemoteReleasesSection({
  remote,
  audit,
  auditState,
  auditMore,
  busy,
  onRequest,
}: RemoteReleasesSectionProps) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {remote.workspace} <Muted>({remote.remote})</Muted>
      </h2>
      <Environments>
        {RELEASE_ENVIRONMENTS.map((environment) => (
          <EnvironmentPanel
            key={environment}
            remote={remote}
            environment={environment}
            busy={busy}
            onRequest={onRequest}
          />
        ))}
      </Environments>
      <h3>公開済みバージョン</h3>
      <VersionsTable remote={remote} busy={busy} onRequest={onRequest} />
      <h3>監査ログ</h3>
      {auditState === 'loading' ? (
        <Muted>監査ログを読み込んでいます...</Muted>
      ) : auditState === 'error' || !audit ? (
        <Muted>監査ログを表示できません。</Muted>
      ) : (
        <>
          {audit.length === 0 && auditMore.state !== 'end' ? (
            <Muted>読み込んだ範囲に記録はありません。</Muted>
          ) : (
            <AuditLogTable workspace={remote.workspace} entries={audit} />
          )}
          <AuditLogMore workspace={remote.workspace} {...auditMore} />
        </>
      )}
    </Section>
  );
}
