import { useEffect } from 'react';
import { site } from 'shared-core';
import { useServerPage } from 'shared-context';

/** `{title} | {product name}`, or the product name alone. */
export const documentTitle = (title?: string | null) => (title ? `${title} | ${site.productName}` : site.productName);

/** Sets the document title while the page is shown (on the server: the served <title>). */
export function useDocumentTitle(title?: string | null): void {
  useServerPage()?.report({ title: documentTitle(title) });
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
