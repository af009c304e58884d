import styled from 'styled-components';
import type { UserProfile } from 'shared-auth';
import { media } from 'shared-ui';
import { useBusinessSettings } from '../../../lib/BusinessSettingsProvider';
import { formatTimestamp } from '../../../lib/timeZones';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 12px 24px;
  margin: 0;
  dt {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${media.phone} {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: 12px;
    }
  }
`;

/** User ID, creation date, last sign-in (in the chosen time zone) and the photo URL. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  const { timezone } = useBusinessSettings().settings;
  return (
    <List>
      <dt>ユーザーID</dt>
      <dd>{profile.uid}</dd>
      <dt>アカウント作成日</dt>
      <dd>{formatTimestamp(profile.createdAt, timezone)}</dd>
      <dt>最終ログイン</dt>
      <dd>{formatTimestamp(profile.lastSignInTime, timezone)}</dd>
      <dt>プロフィール画像URL</dt>
      <dd>{profile.photoURL || '未設定'}</dd>
    </List>
  );
}
