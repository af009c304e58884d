import { useId } from 'react';
import styled from 'styled-components';
import type { UserProfile } from 'shared-auth';
import { Banner, Button, media } from 'shared-ui';
import { Panel } from '../../../components/Panel';
import { UserAvatar } from '../../../components/UserAvatar';
import { useLogout } from '../../../lib/useLogout';
import { useProfileEditor } from '../hooks/useProfileEditor';
import { useVerificationEmail } from '../hooks/useVerificationEmail';
import { ProfileDetails } from './ProfileDetails';
import { ProfileEditForm } from './ProfileEditForm';

const Card = styled(Panel)`
  display: grid;
  gap: 24px;
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 20px;
  ${media.phone} {
    flex-direction: column;
    text-align: center;
  }
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1.4rem;
  overflow-wrap: anywhere;
`;

const Email = styled.p`
  margin: 2px 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const VerifiedBadge = styled.span<{ $verified: boolean }>`
  display: inline-block;
  padding: 2px 12px;
  border-radius: 999px;
  border: 1px solid currentColor;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme, $verified }) => ($verified ? theme.colors.success : theme.colors.danger)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  ${media.phone} {
    flex-direction: column;
  }
`;

/** The profile card (spec section 2): who the user is, their account details, and what they can do. */
export function ProfileCard({ profile }: { profile: UserProfile }) {
  const headingId = useId();
  const editor = useProfileEditor(profile);
  const verification = useVerificationEmail();
  const { logout, pending: loggingOut, error: logoutError } = useLogout();

  return (
    <Card aria-labelledby={headingId}>
      <Identity>
        <UserAvatar photoURL={profile.photoURL} displayName={profile.displayName} email={profile.email} size={88} />
        <div>
          <Name id={headingId}>{profile.displayName || '表示名未設定'}</Name>
          <Email>{profile.email}</Email>
          <VerifiedBadge $verified={profile.emailVerified}>
            {profile.emailVerified ? '✓ メール認証済み' : '⚠ メール未認証'}
          </VerifiedBadge>
        </div>
      </Identity>

      {editor.editing ? (
        <ProfileEditForm
          fields={editor.fields}
          saving={editor.saving}
          error={editor.error}
          onChange={editor.change}
          onSave={() => void editor.save()}
          onCancel={editor.cancel}
        />
      ) : (
        <>
          <ProfileDetails profile={profile} />
          <Actions>
            <Button type="button" onClick={editor.start}>
              プロフィールを編集
            </Button>
            {!profile.emailVerified && (
              <Button
                type="button"
                $variant="secondary"
                onClick={() => void verification.send()}
                disabled={verification.sending}
              >
                認証メールを送信
              </Button>
            )}
            <Button type="button" $variant="ghost" onClick={() => void logout()} disabled={loggingOut}>
              ログアウト
            </Button>
          </Actions>
        </>
      )}

      {verification.outcome && <Banner tone={verification.outcome.tone}>{verification.outcome.message}</Banner>}
      {logoutError && <Banner tone="error">{logoutError}</Banner>}
    </Card>
  );
}
