import styled from 'styled-components';
import { getRuntimeConfig } from 'shared-core';
import { Banner, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { errorMessage } from '../../../lib/errorMessage';
import { useServerInfoQuery } from '../api/useServerInfoQuery';
import { describeClientAuth, describeServerAuth } from './describeAuth';
import { FactList, type Fact } from './FactList';

const TITLE = '設定';

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr));
  gap: 20px;
  align-items: start;
`;

const Card = styled.section`
  display: grid;
  gap: 16px;
  min-width: 0;
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const sameEmails = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/**
 * /admin/settings: what this deployment runs with, read-only. Who is an admin is configured on
 * both sides (ADMIN_EMAILS): the browser decides what to show, article-api what to allow.
 */
export function SettingsPage() {
  useDocumentTitle(TITLE);
  const config = getRuntimeConfig();
  const info = useServerInfoQuery();

  const browserFacts: Fact[] = [
    { term: 'APIのベースURL', value: config.apiBaseUrl },
    { term: '認証バックエンド', value: describeClientAuth(config.auth) },
    { term: '管理者メールアドレス', value: config.adminEmails },
  ];

  return (
    <>
      <PageHeader size="small" title={TITLE} />
      <Cards>
        <Card aria-labelledby="settings-server">
          <h2 id="settings-server">記事API（サーバー）</h2>
          <p>記事の作成・更新・削除を許可するかどうかは、このサーバーの設定で決まります。</p>
          {info.isPending ? (
            <p role="status">サーバー情報を読み込んでいます...</p>
          ) : info.isError ? (
            <Banner tone="error">{errorMessage(info.error, 'サーバー情報の取得に失敗しました。')}</Banner>
          ) : (
            <>
              <FactList
                facts={[
                  { term: '管理者メールアドレス', value: info.data.adminEmails },
                  { term: '認証バックエンド', value: describeServerAuth(info.data) },
                  { term: 'データベース', value: info.data.databasePath },
                  { term: 'バージョン', value: info.data.version },
                ]}
              />
              {!sameEmails(info.data.adminEmails, config.adminEmails) && (
                <Banner tone="info">
                  サーバーとこの画面で管理者メールアドレスの設定が異なります。両方の ADMIN_EMAILS を揃えてください。
                </Banner>
              )}
            </>
          )}
        </Card>
        <Card aria-labelledby="settings-browser">
          <h2 id="settings-browser">この管理画面（ブラウザー）</h2>
          <p>
            app-config.json
            から読み込んだ設定です。管理画面を表示できるかどうかはここの管理者メールアドレスで決まります。
          </p>
          <FactList facts={browserFacts} />
        </Card>
      </Cards>
    </>
  );
}
