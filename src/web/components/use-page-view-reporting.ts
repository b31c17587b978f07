import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordPageView } from '../api/record-page-view';

/**
 * Reports each page the shopper opens (first-party analytics: no third party sees the visit). Only the pathname
 * is sent: query strings can carry search texts or reset tokens, and paging within a page
 * (`?page=2`) is not a new page view.
 */
export function usePageViewReporting(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    recordPageView(pathname);
  }, [pathname]);
}
