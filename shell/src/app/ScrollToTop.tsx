import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The spec's router scrolls to the top on each path change. Only on a change: the first page is
 * where the browser put it — a served page can be scrolled before it hydrates, and a reload keeps
 * the visitor's place — so jumping to the top when React takes it over would undo the visitor.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
