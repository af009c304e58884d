import { act, Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { AfterHydration, takeEarlyTaps } from './earlyTaps';

function Toggle({ label }: { label: string }) {
  const [on, setOn] = useState(false);
  return (
    <button type="button" aria-pressed={on} onClick={() => setOn((value) => !value)}>
      {label}
    </button>
  );
}

const page = () => (
  <>
    <Toggle label="テーマ" />
    <Toggle label="メニュー" />
  </>
);

/** Lets the tasks queued so far run (the replay's, queued by the commit). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('taps before hydration', () => {
  afterEach(() => {
    delete window.__earlyTaps;
    document.body.innerHTML = '';
  });

  it('taps the recorded buttons again once the page has hydrated, once each, in order', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page());
    const [theme, menu] = [...container.querySelectorAll('button')];
    // What after-paint.js records while the scripts load.
    window.__earlyTaps = [menu!, theme!, menu!, menu!];
    const replay = takeEarlyTaps();
    expect(window.__earlyTaps).toBeUndefined(); // nothing more is recorded once hydration starts
    const root = await act(async () =>
      hydrateRoot(
        container,
        <>
          {page()}
          <AfterHydration run={replay} />
        </>,
      ),
    );
    await act(nextTask); // the replay runs in a task after the commit's
    expect(theme).toHaveAttribute('aria-pressed', 'true');
    expect(menu).toHaveAttribute('aria-pressed', 'true'); // three taps: on, off, on
    replay(); // a second run (StrictMode's effects run twice in development) taps nothing
    expect(theme).toHaveAttribute('aria-pressed', 'true');
    act(() => root.unmount());
  });

  it("taps a button inside a Suspense boundary (a remote's page), which the commit leaves dehydrated", async () => {
    const remotePage = () => (
      <>
        <Toggle label="テーマ" />
        <Suspense fallback={null}>
          <Toggle label="記事タグ" />
        </Suspense>
      </>
    );
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(remotePage());
    const dropdown = container.querySelectorAll('button')[1]!;
    window.__earlyTaps = [dropdown];
    const replay = takeEarlyTaps();
    const root = await act(async () =>
      hydrateRoot(
        container,
        <>
          {remotePage()}
          <AfterHydration run={replay} />
        </>,
      ),
    );
    await act(nextTask);
    expect(dropdown).toHaveAttribute('aria-pressed', 'true');
    act(() => root.unmount());
  });

  it('skips buttons that are gone or disabled by then', () => {
    const gone = document.createElement('button');
    const disabled = document.createElement('button');
    disabled.disabled = true;
    document.body.append(disabled);
    const clicks = jest.fn();
    for (const button of [gone, disabled]) button.addEventListener('click', clicks);
    window.__earlyTaps = [gone, disabled];
    takeEarlyTaps()();
    expect(clicks).not.toHaveBeenCalled();
  });

  it('gives an empty replay on a page without the recorder (rendered in the browser)', () => {
    expect(() => takeEarlyTaps()()).not.toThrow();
  });
});
