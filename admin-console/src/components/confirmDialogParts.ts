/**
 * The admin console's confirmation dialogs (the article delete, a release's promotion or
 * rollback) share one look: a dimmed overlay, a centred card, the title, the thing confirmed set
 * off by a coloured bar (danger for what cannot be undone), and the buttons (stacked on a phone).
 */
import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { media } from 'shared-ui';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

export const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 1100;
  background: rgba(0, 0, 0, 0.55);
  animation: ${fadeIn} 0.15s ease-out;
`;

export const Content = styled(Dialog.Content)<{ $width?: number }>`
  position: fixed;
  z-index: 1101;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width = 480 }) => $width}px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 24px;
  border-radius: 16px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 20px 60px rgba(0, 0, 0, 0.35);
  animation: ${fadeIn} 0.15s ease-out;

  &:focus {
    outline: none;
  }
`;

export const Title = styled(Dialog.Title)`
  margin: 0 0 12px;
  font-size: 1.15rem;
`;

/** What is being confirmed (an article's title, a release's remote, environment and version). */
export const Subject = styled(Dialog.Description)<{ $tone: 'danger' | 'primary' }>`
  margin: 0 0 24px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.background};
  font-weight: 700;
  overflow-wrap: anywhere;
`;

export const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;

  ${media.phone} {
    flex-direction: column-reverse;
  }
`;
