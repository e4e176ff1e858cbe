/**
 * 'Exportar CSV' of selected rows: they are on screen, so their data is in the list's cache and the
 * file is written here with the server export's columns and the team's lead fields (a filter's whole
 * result is the server's GET /api/leads/export, which adds the primary contact's fields too).
 */
import {
  CSV_BOM,
  type CustomFieldDefinition,
  type LeadListItem,
  type LeadPage,
  csvSeparator,
  leadCsvHeader,
  leadCsvRows,
  leadExportColumns,
} from '@crm/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';

export function useExportSelected(): (ids: readonly number[]) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useTeamFormat();

  const save = useCallback(
    (ids: readonly number[], fields: readonly CustomFieldDefinition[]) => {
      const wanted = new Set(ids);
      const found = new Map<number, LeadListItem>();
      for (const [, data] of queryClient.getQueriesData<InfiniteData<LeadPage>>({ queryKey: trpc.leads.list.pathKey() })) {
        for (const lead of data?.pages.flatMap((page) => page.items) ?? []) if (wanted.has(lead.id)) found.set(lead.id, lead);
      }
      const columns = leadExportColumns(fields);
      // The separator the team's Excel splits on, as the server's export writes it.
      const separator = csvSeparator(format.settings.locale);
      const rows = leadCsvRows([...found.values()], { separator, timeZone: format.settings.timeZone, columns });
      const blob = new Blob([CSV_BOM + leadCsvHeader(separator, columns) + rows], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `leads-seleccionados-${format.today()}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    },
    [queryClient, trpc, format],
  );

  return useCallback(
    (ids) => {
      // Read when exporting, not on arrival: the list shows without the definitions (usually cached by now).
      queryClient
        .fetchQuery(trpc.customFields.list.queryOptions({ entity: 'lead', includeArchived: false }))
        .then((fields) => save(ids, fields))
        .catch((error: unknown) => notifyError('No se pudo exportar', serverMessage(error, 'Intenta de nuevo.')));
    },
    [queryClient, trpc, save],
  );
}
