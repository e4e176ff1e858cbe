/**
 * Moving a card to another column: it moves at once (both columns' cached pages and the board's
 * counts are edited), the server applies the same status rules as the edit, and a refusal puts the
 * card back with the server's Spanish message. A move the rules refuse is not sent: it says why.
 */
import { type LeadListItem, type LeadStatus, leadStatusRefusal, statusLabel } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useLeadWritten } from '../../leads/hooks/lead-events';
import { type BoardFilters, boardColumnKey, boardKey } from './useBoardColumn';

interface Move {
  lead: LeadListItem;
  to: LeadStatus;
  /** Asked when the lead goes to 'perdido'; optional. */
  lostReason?: string;
}

export function useMoveLead(filters: BoardFilters) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const written = useLeadWritten();
  const update = useMutation(trpc.leads.update.mutationOptions());
  const user = useCurrentUser();

  return async ({ lead, to, lostReason }: Move) => {
    const from = lead.status;
    if (from === to) return;
    // The same rule the server applies: a refused drop says why without a round trip.
    const refusal = leadStatusRefusal(user, lead, to);
    if (refusal) {
      notifyError('No se pudo mover el lead', refusal);
      return;
    }
    const fromKey = boardColumnKey(trpc, from, filters);
    const toKey = boardColumnKey(trpc, to, filters);
    const countsKey = boardKey(trpc, filters);
    await queryClient.cancelQueries({ queryKey: trpc.pipeline.pathKey() });
    const before = {
      from: queryClient.getQueryData(fromKey),
      to: queryClient.getQueryData(toKey),
      counts: queryClient.getQueryData(countsKey),
    };
    queryClient.setQueryData(
      fromKey,
      (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== lead.id) })) },
    );
    queryClient.setQueryData(
      toKey,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: [{ ...lead, status: to }, ...page.items] } : page)),
        },
    );
    const shift = (status: LeadStatus) => (status === from ? -1 : status === to ? 1 : 0);
    queryClient.setQueryData(
      countsKey,
      (data) => data && { columns: data.columns.map((column) => ({ ...column, count: column.count + shift(column.status) })) },
    );
    try {
      // The server's item replaces the optimistic card; the column counts refresh debounced.
      written(await update.mutateAsync({ id: lead.id, data: { status: to, lostReason } }));
      notifySuccess('Lead movido', `${lead.name} ahora está en ${statusLabel(to)}`);
    } catch (error) {
      queryClient.setQueryData(fromKey, before.from);
      queryClient.setQueryData(toKey, before.to);
      queryClient.setQueryData(countsKey, before.counts);
      notifyError('No se pudo mover el lead', serverMessage(error, 'Error al mover el lead'));
    }
  };
}
