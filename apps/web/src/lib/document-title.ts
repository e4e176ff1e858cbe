/** Every route names itself in the browser tab (and in history and bookmarks): "<screen> · CRM Ventas". */
import { useEffect } from 'react';

const APP_NAME = 'CRM Ventas';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
