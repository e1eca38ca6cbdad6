import { useEffect } from 'react';

const APP_TITLE = 'Limiar — Audiometria Ocupacional';

/** Sets `<title>` to "<page> · Limiar" so tabs, history and screen readers name the page. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · Limiar` : APP_TITLE;
  }, [pageTitle]);
}
