import { useState } from 'react';
import styled from 'styled-components';
import { avatarInitials } from '../lib/userIdentity';

interface UserAvatarProps {
  photoURL: string | null | undefined;
  displayName: string | null | undefined;
  email: string | null | undefined;
  /** Diameter in px. */
  size?: number;
}

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  line-height: 1;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/**
 * The user's photo, or their initials when there is none or it fails to load. Decorative: the
 * name is always printed beside it.
 */
export function UserAvatar({ photoURL, displayName, email, size = 48 }: UserAvatarProps) {
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const showPhoto = Boolean(photoURL) && photoURL !== failedURL;
  return (
    <Circle $size={size} aria-hidden="true" data-testid="user-avatar">
      {showPhoto ? (
        <img
          src={photoURL ?? undefined}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setFailedURL(photoURL ?? null)}
        />
      ) : (
        avatarInitials({ displayName, email })
      )}
    </Circle>
  );
}
