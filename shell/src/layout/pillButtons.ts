import styled, { css } from 'styled-components';

/** The header, the mobile menu and the footer show the same two pills at different sizes. */
type Size = 'small' | 'medium' | 'large';
const padding: Record<Size, string> = { small: '8px 16px', medium: '10px 20px', large: '12px 28px' };

const pill = css<{ $size: Size }>`
  padding: ${({ $size }) => padding[$size]};
  border-radius: 999px;
  font-weight: 700;
  text-decoration: none;
`;

/** The green LINE friend-add link (opens the official account in a new tab). */
export const FriendPill = styled.a<{ $size: Size }>`
  ${pill}
  background: ${({ theme }) => theme.colors.line};
  color: ${({ theme }) => theme.colors.lineText};
`;

/** The 事業者ログイン / ログアウト button. */
export const AuthPill = styled.button<{ $size: Size }>`
  ${pill}
  border: 2px solid ${({ theme }) => theme.colors.accentText};
  background: transparent;
  color: ${({ theme }) => theme.colors.accentText};
  cursor: pointer;
`;
