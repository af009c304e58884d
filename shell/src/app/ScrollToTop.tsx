import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The spec's router scrolls to the top on each path change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
