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

/** One level of the memo per argument: the arguments' count first, then each argument in turn. */
interface Level {
  next: Map<unknown, Level>;
  rules?: readonly string[];
}

const levelUnder = (level: Level, key: unknown): Level => {
  let next = level.next.get(key);
  if (!next) {
    next = { next: new Map() };
    level.next.set(key, next);
  }
  return next;
};

/** `stylis` with its results kept (frozen: styled-components only reads them). */
export function memoiseStylis(stylis: Stringifier): Stringifier {
  const known = memoised.get(stylis);
  if (known) return known;
  let root: Level = { next: new Map() };
  let entries = 0;
  // Looked up argument by argument, as given (undefined ≠ ''), so stylis' own defaults still
  // apply; a key string joining them (the CSS is most of it) cost more than the lookup saved.
  const find = (args: unknown[]) => args.reduce<Level>(levelUnder, levelUnder(root, args.length));
  const keep: Stringifier = Object.assign(
    (...args: Parameters<Stringifier>) => {
      let level = find(args);
      if (!level.rules) {
        if (entries >= MAX_ENTRIES) {
          root = { next: new Map() };
          entries = 0;
          level = find(args);
        }
        level.rules = Object.freeze(stylis(...args));
        entries++;
      }
      return level.rules as string[];
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
