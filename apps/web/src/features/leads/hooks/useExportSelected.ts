/**
 * 'Exportar CSV' of selected rows: they are on screen, so their data is in the list's cache and the
 * file is written here with the server export's columns (a filter's whole result is the server's
 * GET /api/leads/export).
 */
import { CSV_BOM, LEAD_CSV_HEADER, type LeadListItem, type LeadPage, leadCsvRows } from '@crm/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../../lib/trpc';

export function useExportSelected(): (ids: readonly number[]) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (ids) => {
      const wanted = new Set(ids);
      const found = new Map<number, LeadListItem>();
      for (const [, data] of queryClient.getQueriesData<InfiniteData<LeadPage>>({ queryKey: trpc.leads.list.pathKey() })) {
        for (const lead of data?.pages.flatMap((page) => page.items) ?? []) if (wanted.has(lead.id)) found.set(lead.id, lead);
      }
      const blob = new Blob([CSV_BOM + LEAD_CSV_HEADER + leadCsvRows([...found.values()])], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `leads-seleccionados-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    },
    [queryClient, trpc],
  );
}
