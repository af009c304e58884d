import { useDeferredValue, useId } from 'react';
import styled from 'styled-components';
import { SafeHtml } from 'shared-ui/page';

const Panel = styled.div`
  min-width: 0;
  display: grid;
  grid-template-rows: auto 1fr;
  gap: 6px;

  h2 {
    margin: 0;
    font-size: 1rem;
  }
`;

/** Focusable because it scrolls: keyboard users must be able to read a long preview too. */
const Frame = styled.section`
  min-height: 360px;
  max-height: 640px;
  overflow: auto;
  padding: 16px 20px;
  border: 1px dashed ${({ theme }) => theme.colors.textMuted};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Placeholder = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The body as readers will see it: sanitised by the site's one policy (the service sanitises
 * again on save). Deferred, so typing in a long article stays responsive.
 */
export function ContentPreview({ html }: { html: string }) {
  const deferredHtml = useDeferredValue(html);
  const headingId = useId();
  return (
    <Panel>
      <h2 id={headingId}>プレビュー</h2>
      <Frame tabIndex={0} aria-labelledby={headingId}>
        {deferredHtml.trim() === '' ? (
          <Placeholder>本文を入力するとここに表示されます。</Placeholder>
        ) : (
          <SafeHtml html={deferredHtml} />
        )}
      </Frame>
    </Panel>
  );
}
