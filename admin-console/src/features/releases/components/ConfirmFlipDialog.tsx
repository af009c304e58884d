import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { Button, media } from 'shared-ui';
import type { FlipRequest } from '../api/releaseQueries';
import { confirmationText } from '../lib/releaseText';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 1100;
  background: rgba(0, 0, 0, 0.55);
  animation: ${fadeIn} 0.15s ease-out;
`;

const Content = styled(Dialog.Content)`
  position: fixed;
  z-index: 1101;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(520px, calc(100vw - 32px));
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

const Title = styled(Dialog.Title)`
  margin: 0 0 12px;
  font-size: 1.15rem;
`;

const Description = styled(Dialog.Description)`
  margin: 0 0 24px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.background};
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Buttons = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;

  ${media.phone} {
    flex-direction: column-reverse;
  }
`;

interface ConfirmFlipDialogProps {
  /** What to confirm; null keeps the dialog closed. */
  request: FlipRequest | null;
  running: boolean;
  onCancel: () => void;
  onConfirm: (request: FlipRequest) => void;
}

/**
 * The confirmation before a promotion or rollback: names remote, environment and version. Radix
 * keeps focus inside and returns it to the opening button; キャンセル is focused first, so a
 * stray Enter changes nothing; while the request runs the dialog stays and its buttons wait.
 */
export function ConfirmFlipDialog({ request, running, onCancel, onConfirm }: ConfirmFlipDialogProps) {
  const text = request ? confirmationText(request) : null;
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && !running && onCancel()}>
      <Dialog.Portal>
        <Overlay />
        <Content aria-modal="true">
          <Title>{text?.title}</Title>
          <Description>{text?.description}</Description>
          <Buttons>
            <Dialog.Close asChild>
              <Button type="button" $variant="ghost" disabled={running}>
                キャンセル
              </Button>
            </Dialog.Close>
            <Button type="button" disabled={running} onClick={() => request && onConfirm(request)}>
              {running ? '実行中...' : text?.confirm}
            </Button>
          </Buttons>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
