/** Opens the Leads dialog the palette asked for ('Nuevo lead', 'Importar'), once: the request leaves the history entry. */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LeadsDialogRequest } from './palette-actions';

function isDialogRequest(state: unknown): state is LeadsDialogRequest {
  return typeof state === 'object' && state !== null && 'dialog' in state;
}

export function useRequestedDialog(open: Record<LeadsDialogRequest['dialog'], () => void>, allowed: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const requested = isDialogRequest(state) ? state.dialog : null;
  useEffect(() => {
    if (!requested) return;
    if (allowed) open[requested]();
    // Replace the entry without the request, so Back or a reload does not open the dialog again.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [requested, allowed, open, navigate, location.pathname, location.search]);
}
