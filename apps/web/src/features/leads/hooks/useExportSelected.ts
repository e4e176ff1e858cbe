/**
 * 'Exportar CSV' of selected rows: they are on screen, so their data is in the list's cache and the
 * file is written here with the server export's columns (a filter's whole result is the server's
 * GET /api/leads/export). The list items carry the primary contact but not its custom values: when
 * the team has contact fields, those are read for the selected leads, 500 at a time.
 */
import {
  CSV_BOM,
  type CustomFieldDefinition,
  type CustomFieldValues,
  type LeadExportRow,
  type LeadPage,
  PRIMARY_CONTACT_FIELDS_MAX_IDS,
  csvSeparator,
  leadCsvHeader,
  leadCsvRows,
  leadExportColumns,
  readsContactFields,
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
    (ids: readonly number[], fields: readonly CustomFieldDefinition[], contactFields: ReadonlyMap<number, CustomFieldValues>) => {
      const wanted = new Set(ids);
      const found = new Map<number, LeadExportRow>();
      for (const [, data] of queryClient.getQueriesData<InfiniteData<LeadPage>>({ queryKey: trpc.leads.list.pathKey() })) {
        for (const lead of data?.pages.flatMap((page) => page.items) ?? []) {
          if (wanted.has(lead.id)) found.set(lead.id, { ...lead, primaryContactFields: contactFields.get(lead.id) });
        }
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

  const primaryContactFields = useCallback(
    async (ids: readonly number[]): Promise<Map<number, CustomFieldValues>> => {
      const found = new Map<number, CustomFieldValues>();
      for (let start = 0; start < ids.length; start += PRIMARY_CONTACT_FIELDS_MAX_IDS) {
        const chunk = ids.slice(start, start + PRIMARY_CONTACT_FIELDS_MAX_IDS);
        const rows = await queryClient.fetchQuery(trpc.contacts.primaryFields.queryOptions({ ids: [...chunk] }));
        for (const row of rows) found.set(row.leadId, row.customFields);
      }
      return found;
    },
    [queryClient, trpc],
  );

  return useCallback(
    (ids) => {
      // Read when exporting, not on arrival: the list shows without the definitions (usually cached by now).
      const exporting = async () => {
        const fields = await queryClient.fetchQuery(trpc.customFields.list.queryOptions({ includeArchived: false }));
        const contactFields = readsContactFields(fields) ? await primaryContactFields(ids) : new Map<number, CustomFieldValues>();
        save(ids, fields, contactFields);
      };
      exporting().catch((error: unknown) => notifyError('No se pudo exportar', serverMessage(error, 'Intenta de nuevo.')));
    },
    [queryClient, trpc, save, primaryContactFields],
  );
}
