import { useEffect } from 'react';
import { site } from 'shared-core';

/** Sets `{title} | {product name}` (or the product name alone) while the page is shown. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${site.productName}` : site.productName;
  }, [title]);
}
