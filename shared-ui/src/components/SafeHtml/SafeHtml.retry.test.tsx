import { act, screen } from '@testing-library/react';
import { loadSanitizer } from 'shared-context';
import type * as SharedContext from 'shared-context';
import { renderWithTheme } from '../../testing/renderWithTheme';
import { SafeHtml } from './SafeHtml';
import { SANITIZER_RETRY_FIRST_MS, SANITIZER_RETRY_MAX_MS } from './useSanitizedHtml';

// The real loader, with failures put in front of it: a chunk lost on the network, twice.
jest.mock('shared-context', () => {
  const actual = jest.requireActual<typeof SharedContext>('shared-context');
  return { ...actual, loadSanitizer: jest.fn(actual.loadSanitizer) };
});
const loader = jest.mocked(loadSanitizer);
const chunkLost = () => Promise.reject(new Error('Loading chunk dompurify failed.'));

beforeEach(() => {
  jest.useFakeTimers();
  loader.mockClear();
});
afterEach(() => jest.useRealTimers());

/** Lets the loader's promises settle and React render, then moves the clock on by `ms`. */
async function waitMs(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

// First: once a test has loaded the sanitiser, the module keeps it for the rest of the file.
it('stops trying once the body is gone, and never waits longer than the longest wait', async () => {
  const realLoad = loader.getMockImplementation()!;
  loader.mockImplementation(chunkLost);
  const { unmount } = renderWithTheme(<SafeHtml html="<p>本文</p>" />);
  await waitMs(0);
  let waited = 0;
  for (
    let wait = SANITIZER_RETRY_FIRST_MS;
    waited < 5 * SANITIZER_RETRY_MAX_MS;
    wait = Math.min(wait * 2, SANITIZER_RETRY_MAX_MS)
  ) {
    const before = loader.mock.calls.length;
    await waitMs(wait);
    waited += wait;
    expect(loader.mock.calls.length).toBe(before + 1);
  }
  unmount();
  const calls = loader.mock.calls.length;
  await waitMs(10 * SANITIZER_RETRY_MAX_MS);
  expect(loader).toHaveBeenCalledTimes(calls);
  loader.mockImplementation(realLoad);
});

it('loads the sanitiser again after a failed load, waiting twice as long each time, and then shows the body', async () => {
  loader.mockImplementationOnce(chunkLost).mockImplementationOnce(chunkLost);
  const { container } = renderWithTheme(<SafeHtml html={'<p>本文</p><img src="x" onerror="alert(1)">'} />);
  const body = container.firstElementChild as HTMLElement;

  await waitMs(0);
  expect(loader).toHaveBeenCalledTimes(1);
  expect(body).toHaveAttribute('aria-busy', 'true');
  expect(body).toBeEmptyDOMElement();

  await waitMs(SANITIZER_RETRY_FIRST_MS - 1);
  expect(loader).toHaveBeenCalledTimes(1);
  await waitMs(1);
  expect(loader).toHaveBeenCalledTimes(2); // failed again: the next wait is twice as long
  await waitMs(2 * SANITIZER_RETRY_FIRST_MS - 1);
  expect(loader).toHaveBeenCalledTimes(2);
  expect(body).toBeEmptyDOMElement();

  await waitMs(1);
  await act(async () => {
    await jest.runOnlyPendingTimersAsync();
  });
  expect(loader).toHaveBeenCalledTimes(3);
  expect(screen.getByText('本文')).toBeInTheDocument();
  expect(body).not.toHaveAttribute('aria-busy');
  expect(container.innerHTML).not.toContain('onerror');
});
