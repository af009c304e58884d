import { ArticleApiError } from 'shared-articles';
import { createQueryClient, shouldRetry } from './queryClient';

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 429])('never retries a %i: the answer will not change', (status) => {
    expect(shouldRetry(0, new ArticleApiError('x', status))).toBe(false);
  });

  it.each([
    ['no answer', new ArticleApiError('x', 0)],
    ['a server error', new ArticleApiError('x', 503)],
    ['a malformed answer', new ArticleApiError('x', 200, undefined, { malformedResponse: true })],
    ['any other failure', new TypeError('boom')],
  ])('retries %s once', (_case, error) => {
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(false);
  });
});

describe('createQueryClient', () => {
  /** Runs one query through the client's defaults (retries without the back-off wait). */
  async function attempts(error: unknown): Promise<number> {
    const client = createQueryClient({ staleTime: 1000 });
    const queryFn = jest.fn(async () => {
      throw error;
    });
    await client.fetchQuery({ queryKey: ['q'], queryFn, retryDelay: 0 }).catch(() => undefined);
    return queryFn.mock.calls.length;
  }

  it('tries a failing request twice in all when the service may recover', async () => {
    expect(await attempts(new ArticleApiError('down', 0))).toBe(2);
  });

  it('tries a request once when the service said no', async () => {
    expect(await attempts(new ArticleApiError('not found', 404))).toBe(1);
  });

  it('keeps answers fresh for staleTime, ignores focus and never retries writes', () => {
    const defaults = createQueryClient({ staleTime: 60_000 }).getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: 60_000, refetchOnWindowFocus: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
