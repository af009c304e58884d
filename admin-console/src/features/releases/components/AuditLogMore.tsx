import { useEffect, useRef } from 'react';
import { Button } from 'shared-ui';
import { Actions, Muted } from './releaseStyles';

/** Where paging the audit log stands: more to read, reading, a failed read, or the first line reached. */
export type AuditMoreState = 'more' | 'loading' | 'error' | 'end';

interface AuditLogMoreProps {
  workspace: string;
  state: AuditMoreState;
  /** Whether older lines were asked for on this page (the end is said only then). */
  pagedBack: boolean;
  onMore: () => void;
}

/**
 * さらに表示 under a remote's audit log: the lines before those shown, from the service. A native
 * button (Enter / Space); when the oldest line has arrived the button goes and the sentence that
 * says so takes the focus, so a keyboard user is not dropped at the top of the page.
 */
export function AuditLogMore({ workspace, state, pagedBack, onMore }: AuditLogMoreProps) {
  const end = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (state === 'end' && pagedBack) end.current?.focus();
  }, [state, pagedBack]);

  if (state === 'end') {
    return pagedBack ? (
      <Muted ref={end} tabIndex={-1} role="status">
        これより古い記録はありません。
      </Muted>
    ) : null;
  }
  return (
    <Actions>
      <Button
        type="button"
        $variant="secondary"
        aria-label={`${workspace} の監査ログをさらに表示`}
        disabled={state === 'loading'}
        onClick={onMore}
      >
        {state === 'loading' ? '読み込んでいます...' : 'さらに表示'}
      </Button>
      {state === 'error' && <Muted role="alert">古い記録を読み込めませんでした。もう一度お試しください。</Muted>}
    </Actions>
  );
}
