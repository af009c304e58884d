import * as Dialog from '@radix-ui/react-dialog';
import { Button } from 'shared-ui';
import { Buttons, Content, Overlay, Subject, Title } from '../../../components/confirmDialogParts';
import type { FlipRequest } from '../api/releaseQueries';
import { confirmationText } from '../lib/releaseText';

interface ConfirmFlipDialogProps {
  /** What to confirm; null keeps the dialog closed. */
  request: FlipRequest | null;
  running: boolean;
  onCancel: () => void;
  onConfirm: (request: FlipRequest) => void;
}

/**
 * The confirmation before a promotion, a rollback or a canary action (割合を変更, 昇格, 中止): names
 * remote, environment, version (and the share). Radix keeps focus inside and returns it to the
 * opening button; キャンセル is focused first, so a stray Enter changes nothing; while the request
 * runs the dialog stays and its buttons wait.
 */
export function ConfirmFlipDialog({ request, running, onCancel, onConfirm }: ConfirmFlipDialogProps) {
  const text = request ? confirmationText(request) : null;
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && !running && onCancel()}>
      <Dialog.Portal>
        <Overlay />
        <Content aria-modal="true" $width={520}>
          <Title>{text?.title}</Title>
          <Subject $tone="primary">{text?.description}</Subject>
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
