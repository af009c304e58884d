import { createContext, useContext } from 'react';
import type { SocialMeta } from '../hooks/useSocialMeta';

/**
 * What a page says about itself while the server renders it: the HTTP status, the document
 * title and the share metadata. The same hooks that set them in the browser (useDocumentTitle,
 * useSocialMeta, useHttpStatus) write them here, so the server's <head> comes from the page's own
 * code instead of a second table of titles.
 */
export interface ServerPage {
  status: number;
  title: string | null;
  meta: SocialMeta | null;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

export function createServerPage(): ServerPage {
  return { status: 200, title: null, meta: null };
}

/** The page being rendered on the server, or null in the browser. */
export function useServerPage(): ServerPage | null {
  return useContext(ServerPageContext);
}

/** The HTTP status the server answers with, e.g. 404 from the not-found page. No-op in the browser. */
export function useHttpStatus(status: number): void {
  const page = useServerPage();
  // eslint-disable-next-line react-hooks/immutability -- the server renders once (renderToString) and reads what the page wrote; no re-render can see a stale value
  if (page) page.status = status;
}
