/**
 * 'Volver' on a lead's page: a link into a lead carries the list it was followed from (its path and
 * its search: tab, group, filters, sort), so the page returns to that list as it was, not to a bare /leads.
 */
import { useLocation } from 'react-router-dom';

export interface ReturnTo {
  pathname: string;
  search: string;
}

/** The navigation state a link into a lead carries. */
export interface LeadLinkState {
  returnTo: ReturnTo;
}

/** The state for links into a lead from the screen shown now. */
export function useLeadLinkState(): LeadLinkState {
  const { pathname, search } = useLocation();
  return { returnTo: { pathname, search } };
}

/** The list a lead's page was opened from, if the navigation state says (a typed or shared address has none). */
export function readReturnTo(state: unknown): ReturnTo | null {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return null;
  const { returnTo } = state;
  if (typeof returnTo !== 'object' || returnTo === null) return null;
  const { pathname, search } = returnTo as Partial<ReturnTo>;
  return typeof pathname === 'string' && typeof search === 'string' ? { pathname, search } : null;
}

export function returnLabel(returnTo: ReturnTo | null): string {
  if (!returnTo || returnTo.pathname === '/leads') return 'Volver a Leads';
  if (returnTo.pathname === '/pipeline') return 'Volver al Embudo';
  return 'Volver';
}
