import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import type { Article } from 'shared-articles';
import { Button, media } from 'shared-ui';
import { DangerButton } from '../../../components/DangerButton';

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
  width: min(480px, calc(100vw - 32px));
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

const ArticleName = styled(Dialog.Description)`
  margin: 0 0 24px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
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

interface DeleteArticleDialogProps {
  /** The article to confirm; null keeps the dialog closed. */
  article: Article | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (article: Article) => void;
  /** Lets the page send focus elsewhere (preventDefault) when the button that opened the dialog is gone. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The delete confirmation (spec section 2). Radix gives the modal behaviour: focus moves in and
 * stays inside, Escape and the overlay cancel, focus returns to the button that opened it, and
 * the rest of the page is hidden from assistive technology. Cancel is focused first, so a stray
 * Enter never deletes. While the request runs the dialog stays put.
 */
export function DeleteArticleDialog({
  article,
  deleting,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: DeleteArticleDialogProps) {
  // Radix returns focus only to its own <Dialog.Trigger>; this one dialog serves every row, so it
  // remembers whichever button was focused when it opened.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  const cancelUnlessDeleting = (open: boolean) => {
    if (!open && !deleting) onCancel();
  };
  return (
    <Dialog.Root open={article !== null} onOpenChange={cancelUnlessDeleting}>
      <Dialog.Portal>
        <Overlay />
        <Content aria-modal="true" onOpenAutoFocus={rememberOpener} onCloseAutoFocus={returnFocus}>
          <Title>Are you sure you want to delete this article?</Title>
          <ArticleName>{article?.title}</ArticleName>
          <Buttons>
            <Dialog.Close asChild>
              <Button type="button" $variant="ghost" disabled={deleting}>
                キャンセル
              </Button>
            </Dialog.Close>
            <DangerButton type="button" disabled={deleting} onClick={() => article && onConfirm(article)}>
              {deleting ? '削除中...' : '削除'}
            </DangerButton>
          </Buttons>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
