import { createContext, useContext } from 'react';

/** A page's share metadata (useSocialMeta in shared-ui writes it; the server renders the tags). */
export interface SocialMeta {
  title: string;
  description: string;
  /** Absolute or site-relative; made absolute against the page's origin. */
  image: string;
  /** Defaults to the current page (without query or hash). */
  url?: string;
  /** og:type, e.g. 'article'. */
  type?: string;
  /** Articles: the headline and publication date (YYYY-MM-DD) for the server's JSON-LD. */
  article?: { headline: string; datePublished: string };
}

/**
 * What a page says about itself while the server renders it: the HTTP status, the document
 * title and the share metadata. The same hooks that set them in the browser (useDocumentTitle,
 * useSocialMeta, useHttpStatus) write them here, so the server's <head> comes from the page's own
 * code instead of a second table of titles.
 */
export interface ServerPageReport {
  status: number;
  title: string | null;
  meta: SocialMeta | null;
}

export interface ServerPage extends Readonly<ServerPageReport> {
  /** Called while rendering; the server reads the record once the whole page has rendered. */
  report(update: Partial<ServerPageReport>): void;
}

export const ServerPageContext = createContext<ServerPage | null>(null);

export function createServerPage(): ServerPage {
  const record: ServerPageReport = { status: 200, title: null, meta: null };
  return {
    get status() {
      return record.status;
    },
    get title() {
      return record.title;
    },
    get meta() {
      return record.meta;
    },
    report: (update) => Object.assign(record, update),
  };
}

/** The page being rendered on the server, or null in the browser. */
export function useServerPage(): ServerPage | null {
  return useContext(ServerPageContext);
}

/** The HTTP status the server answers with, e.g. 404 from the not-found page. No-op in the browser. */
export function useHttpStatus(status: number): void {
  useServerPage()?.report({ status });
}
