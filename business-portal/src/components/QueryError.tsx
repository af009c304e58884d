import styled from 'styled-components';
import { ArticleApiError } from 'shared-articles';
import { Button } from 'shared-ui';

const Box = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 20px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 700;
  }
`;

export const LOAD_FAILED_MESSAGE = '記事の取得に失敗しました。';

/** A failed load: the API's message (or the spec's fallback) and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // Only the API's own message is meant for users; anything else gets the spec's wording.
  const message = error instanceof ArticleApiError ? error.message : LOAD_FAILED_MESSAGE;
  return (
    <Box role="alert">
      <p>{message}</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        再試行
      </Button>
    </Box>
  );
}
