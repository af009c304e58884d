import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { Article } from 'shared-articles';
import { Button } from 'shared-ui';
import { Buttons, Content, Overlay, Subject, Title } from '../../../components/confirmDialogParts';
import { DangerButton } from '../../../components/DangerButton';

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
          <Subject $tone="danger">{article?.title}</Subject>
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
