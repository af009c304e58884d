import styled, { keyframes } from 'styled-components';
import { media, useScrolledPast } from 'shared-ui';
import { LineFriendButton } from '../../../components/LineFriendButton';

/** Appears once the page is scrolled past this many px (spec section 9). */
export const FLOATING_BUTTON_THRESHOLD_PX = 100;

const slideUp = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: none; }
`;

const Floating = styled.div`
  display: none;
  ${media.tablet} {
    display: block;
    position: fixed;
    z-index: 50;
    right: 16px;
    bottom: calc(16px + env(safe-area-inset-bottom, 0px));
    animation: ${slideUp} 0.3s ease-out both;
    a {
      box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
    }
  }
`;

/** The mobile add-friend button that follows the visitor down the page. */
export function FloatingFriendButton() {
  const scrolled = useScrolledPast(FLOATING_BUTTON_THRESHOLD_PX);
  if (!scrolled) return null;
  return (
    <Floating data-testid="floating-friend-button">
      <LineFriendButton>友だち追加</LineFriendButton>
    </Floating>
  );
}
