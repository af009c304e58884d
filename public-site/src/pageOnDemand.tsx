import { lazy, useState, type ComponentType } from 'react';

export interface PageOnDemand {
  /** Renders the page; suspends (React.lazy) only while its code is still on its way. */
  Page: ComponentType;
  /** Starts loading the page's code (once; again after a failure). */
  load: () => Promise<ComponentType>;
}

/**
 * A page whose code is its own chunk, so a visitor of another page never downloads it. Unlike a
 * bare React.lazy, a page whose code has already arrived renders in the same pass: the server's
 * prepare() loads it first and renders in one synchronous pass (renderToString), and a browser
 * that loaded it before hydration hydrates it like any other element. Whether a mounted page is
 * the lazy one or the loaded one is decided once per mount, so it is never remounted (its state
 * kept) when the code lands.
 */
export function pageOnDemand(importPage: () => Promise<ComponentType>): PageOnDemand {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const load = () =>
    (loading ??= importPage().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next render asks again
        throw error;
      },
    ));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Page() {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return { Page, load };
}
