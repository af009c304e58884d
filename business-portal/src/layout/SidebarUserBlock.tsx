import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { UserAvatar } from '../components/UserAvatar';
import { sidebarDisplayName } from '../lib/userIdentity';

const Block = styled(Link)`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px;
  border-radius: 12px;
  color: inherit;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const Text = styled.span`
  display: grid;
  min-width: 0;
`;

const Name = styled.span`
  font-weight: 700;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Email = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** Avatar, name and e-mail of the signed-in user; it also leads to the profile card. */
export function SidebarUserBlock() {
  const { userProfile, currentUser } = useAuth();
  const name = sidebarDisplayName(userProfile, currentUser);
  const email = userProfile?.email ?? currentUser?.email ?? '';
  return (
    <Block to={paths.profile} title="プロフィール">
      <UserAvatar
        photoURL={userProfile?.photoURL ?? currentUser?.photoURL}
        displayName={userProfile?.displayName ?? currentUser?.displayName}
        email={email}
      />
      <Text>
        <Name data-testid="sidebar-user-name">{name}</Name>
        {email && <Email>{email}</Email>}
      </Text>
    </Block>
  );
}
