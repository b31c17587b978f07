import { useEffect } from 'react';
import { documentTitle } from '../../domain/seo';

/** `Page | Sneaker Street` in the tab, history and bookmarks; the shop name alone for the home page. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
