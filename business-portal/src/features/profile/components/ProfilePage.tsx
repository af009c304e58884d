import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { accentText, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { Panel } from '../../../components/Panel';
import { ProfileCard } from './ProfileCard';

const Page = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: 32px 20px 64px;
`;

const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: 16px;
  font-weight: 700;
  color: ${({ theme }) => accentText(theme)};
`;

/** /profile, outside the sidebar layout (see routes.tsx); the sidebar's user block links here. */
export function ProfilePage() {
  useDocumentTitle('プロフィール');
  const { userProfile } = useAuth();
  return (
    <Page>
      <BackLink to={paths.businessDashboard}>← ダッシュボードに戻る</BackLink>
      <PageHeader title="プロフィール" />
      {userProfile ? (
        <ProfileCard key={userProfile.uid} profile={userProfile} />
      ) : (
        <Panel>
          <p role="status">プロフィールが見つかりません</p>
        </Panel>
      )}
    </Page>
  );
}
