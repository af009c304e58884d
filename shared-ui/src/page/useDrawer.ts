import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { breakpoints, useMediaQuery } from 'shared-ui';

/**
 * An area's side menu as a drawer at widths up to 768 px (spec section 4), for the business
 * sidebar and the admin menu alike. It is open only for the path it was opened on, so any
 * navigation closes it; widening the window past the breakpoint closes it too. Opening moves focus
 * to its first link or button; Escape closes it and gives focus back to the toggle. Put
 * `toggleRef` on the toggle, `drawerRef` on the menu, and make the page behind it `inert={open}`.
 */
export function useDrawer() {
  const { pathname } = useLocation();
  const isDrawerWidth = useMediaQuery(`(max-width: ${breakpoints.tablet}px)`);
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = isDrawerWidth && openOnPath === pathname;

  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);

  const close = useCallback(() => setOpenOnPath(null), []);
  const toggle = useCallback(() => setOpenOnPath((current) => (current === pathname ? null : pathname)), [pathname]);

  useEffect(() => {
    if (!open) return;
    drawerRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnPath(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, isDrawerWidth, toggle, close, toggleRef, drawerRef };
}

export type Drawer = ReturnType<typeof useDrawer>;
