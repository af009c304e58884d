// styled-components turns each component's CSS into rules with stylis (parse, prefix, serialise)
// whenever a sheet lacks them, and a server render starts every request with a fresh sheet, so
// each page parsed the same CSS again: a fifth (article page) to two fifths (home) of a render.
// stylis' output depends only on its arguments and on the plugins (none here, and fixed for the
// process), so the server keeps it.
import { useContext, useMemo, type ReactNode } from 'react';
import { StyleSheetContext, type IStyleSheetContext } from 'styled-components';

type Stringifier = IStyleSheetContext['stylis'];

/** Distinct (CSS, selector) pairs a process keeps; the site has a few hundred. */
const MAX_ENTRIES = 5000;
const memoised = new WeakMap<Stringifier, Stringifier>();

/** `stylis` with its results kept (frozen: styled-components only reads them). */
export function memoiseStylis(stylis: Stringifier): Stringifier {
  const known = memoised.get(stylis);
  if (known) return known;
  const results = new Map<string, readonly string[]>();
  const keep: Stringifier = Object.assign(
    (...args: Parameters<Stringifier>) => {
      // Arguments as given (undefined ≠ ''), so stylis' own defaults still apply.
      const key = JSON.stringify(args);
      let rules = results.get(key);
      if (!rules) {
        rules = Object.freeze(stylis(...args));
        if (results.size >= MAX_ENTRIES) results.clear();
        results.set(key, rules);
      }
      return rules as string[];
    },
    { hash: stylis.hash },
  );
  memoised.set(stylis, keep);
  return keep;
}

/** Everything inside renders with the memoised stylis of the sheet it is collected into. */
export function MemoisedStylis({ children }: { children: ReactNode }) {
  const context = useContext(StyleSheetContext);
  const value = useMemo(() => ({ ...context, stylis: memoiseStylis(context.stylis) }), [context]);
  return <StyleSheetContext.Provider value={value}>{children}</StyleSheetContext.Provider>;
}
