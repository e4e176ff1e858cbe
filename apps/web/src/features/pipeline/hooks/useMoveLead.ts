/**
 * Moving a card to another column: it moves at once (both columns' cached pages are edited), the
 * server applies the same status rules as the edit, and a refusal puts the card back with the
 * server's Spanish message.
 */
import { type LeadListItem, type LeadStatus, statusLabel } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../../leads/hooks/useLeadQueries';
import { type BoardFilters, boardColumnInput } from './useBoardColumn';

interface Move {
  lead: LeadListItem;
  to: LeadStatus;
}

export function useMoveLead(filters: BoardFilters) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshLeads();
  const keyOf = (status: LeadStatus) => trpc.leads.list.infiniteQueryKey(boardColumnInput(status, filters));

  const update = useMutation(trpc.leads.update.mutationOptions());

  return async ({ lead, to }: Move) => {
    const from = lead.status;
    if (from === to) return;
    const fromKey = keyOf(from);
    const toKey = keyOf(to);
    await queryClient.cancelQueries({ queryKey: trpc.leads.list.pathKey() });
    const before = { from: queryClient.getQueryData(fromKey), to: queryClient.getQueryData(toKey) };
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
    try {
      await update.mutateAsync({ id: lead.id, data: { status: to } });
      notifySuccess('Lead movido', `${lead.name} ahora está en ${statusLabel(to)}`);
    } catch (error) {
      queryClient.setQueryData(fromKey, before.from);
      queryClient.setQueryData(toKey, before.to);
      notifyError('No se pudo mover el lead', serverMessage(error, 'Error al mover el lead'));
    } finally {
      await refresh();
    }
  };
}
