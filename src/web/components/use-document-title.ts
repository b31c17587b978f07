import { useEffect } from 'react';
import { SHOP_NAME } from '../../domain/constants';

/** `Page | Sneaker Street` in the tab, history and bookmarks; the shop name alone for the home page. */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} | ${SHOP_NAME}` : SHOP_NAME;
  }, [page]);
}
