/** Gestión de Leads (docs/leads.md): Leads Activos, Contactados and Grupos, with the add, import, edit and tracking dialogs. */
import { type LeadListItem, can, formatCount } from '@crm/domain';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconFilterOff,
  IconFolders,
  IconInbox,
  IconPhoneOff,
  IconPlus,
  IconUpload,
  IconUser,
} from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { PageLoader } from '../components/PageLoader';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { downloadFrom } from '../lib/rest';
import { useScrollMemory } from '../lib/use-scroll-memory';
import { BulkActionBar } from '../features/leads/components/BulkActionBar';
import { EmptyState, FilteredEmptyState } from '../features/leads/components/EmptyState';
import { GroupFilterLine } from '../features/leads/components/GroupFilterLine';
import { GroupsTab } from '../features/leads/components/GroupsTab';
import { NoticeFilterLine } from '../features/leads/components/NoticeFilterLine';
import { LeadFilters } from '../features/leads/components/LeadFilters';
import { LeadList } from '../features/leads/components/LeadList';
import { LeadsTabs } from '../features/leads/components/LeadsTabs';
import { SavedViewChips } from '../features/leads/components/SavedViewChips';
import { useDialogSubject } from '../features/leads/hooks/useDialogSubject';
import { useExportSelected } from '../features/leads/hooks/useExportSelected';
import { useLeadCounts } from '../features/leads/hooks/useLeadQueries';
import { useLeadSelection } from '../features/leads/hooks/useLeadSelection';
import { leadFilters, useLeadsView } from '../features/leads/hooks/useLeadsView';
import { useRequestedDialog } from '../features/search/hooks/useRequestedDialog';
import { lazyDialog } from '../lib/lazy-dialog';

// The dialogs (forms, schemas, the date picker) load when one first opens, not with the list.
const AddLeadDialog = lazyDialog(() => import('../features/leads/components/AddLeadDialog').then((module) => module.AddLeadDialog));
const EditLeadDialog = lazyDialog(() => import('../features/leads/components/EditLeadDialog').then((module) => module.EditLeadDialog));
const ImportLeadsDialog = lazyDialog(() =>
  import('../features/leads/components/ImportLeadsDialog').then((module) => module.ImportLeadsDialog),
);
// The table (and TanStack Table) loads only for those who switch to it; the cards are the default.
const LeadTable = lazy(() => import('../features/leads/components/LeadTable').then((module) => ({ default: module.LeadTable })));
const TrackingDialog = lazyDialog(() => import('../features/leads/components/TrackingDialog').then((module) => module.TrackingDialog));

/** 'Exportar CSV' and 'Exportar Excel' download what the current tab and filters show. */
function exportUrl(format: 'csv' | 'xlsx', view: 'leads' | 'contacted' | undefined, filters: ReturnType<typeof leadFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ view, ...filters })) {
    // The custom field filters travel as JSON, as the API's `cf` reads them.
    if (value !== undefined) params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `/api/leads/export${format === 'xlsx' ? '/xlsx' : ''}?${params.toString()}`;
}

function LeadsScreen() {
  const user = useCurrentUser();
  const manages = can(user, 'lead.manage');
  const view = useLeadsView(user.id);
  useScrollMemory();
  const filters = leadFilters(view);
  const [adding, addDialog] = useDisclosure(false);
  const [importing, importDialog] = useDisclosure(false);
  const editing = useDialogSubject<LeadListItem>();
  const tracking = useDialogSubject<LeadListItem>();
  useRequestedDialog({ add: addDialog.open, import: importDialog.open }, manages);
  const listView = view.tab === 'groups' ? undefined : view.tab;
  const selection = useLeadSelection(JSON.stringify({ listView, filters }));
  const counts = useLeadCounts(filters);
  const exportSelected = useExportSelected();
  const empty =
    view.tab === 'leads' && counts.data?.inGroups ? (
      // The spec's default view lists ungrouped leads only: say where the others (matching the filters) are (CONTRACT §8).
      <EmptyState
        icon={<IconInbox size={30} />}
        title="No se encontraron leads"
        hint={`Intenta ajustar los filtros o agregar nuevos leads. ${formatCount(counts.data.inGroups, 'lead está', 'leads están')} en grupos.`}
        action={
          <Group gap="xs" mt="xs" justify="center">
            <Button leftSection={<IconUser size={16} />} onClick={() => view.setAssignee('me')}>
              Ver mis leads
            </Button>
            <Button variant="light" leftSection={<IconFolders size={16} />} onClick={() => view.setTab('groups')}>
              Ver grupos
            </Button>
            {view.filtered ? (
              <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={view.clearFilters}>
                Limpiar filtros
              </Button>
            ) : null}
          </Group>
        }
      />
    ) : view.filtered ? (
      <FilteredEmptyState onClear={view.clearFilters} />
    ) : view.tab === 'contacted' ? (
      <EmptyState icon={<IconPhoneOff size={30} />} title="No hay leads contactados" />
    ) : (
      <EmptyState
        icon={<IconInbox size={30} />}
        title="No se encontraron leads"
        hint="Intenta ajustar los filtros o agregar nuevos leads"
        action={
          manages ? (
            <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={addDialog.open}>
              Agregar Primer Lead
            </Button>
          ) : null
        }
      />
    );

  return (
    <>
      <PageHeader
        title="Gestión de Leads"
        actions={
          manages ? (
            <>
              <Button leftSection={<IconPlus size={16} />} onClick={addDialog.open}>
                Agregar Lead
              </Button>
              <Button variant="light" leftSection={<IconUpload size={16} />} onClick={importDialog.open}>
                Importar
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadFrom(exportUrl('csv', listView, filters))}
              >
                Exportar CSV
              </Button>
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                onClick={() => downloadFrom(exportUrl('xlsx', listView, filters))}
              >
                Exportar Excel
              </Button>
            </>
          ) : null
        }
      />
      {view.groupId !== null ? <GroupFilterLine groupId={view.groupId} onClear={view.clearGroup} /> : null}
      {view.noticeId !== null ? <NoticeFilterLine onClear={view.clearNotice} /> : null}
      <LeadsTabs tab={view.tab} filters={filters} onChange={view.setTab} />
      <SavedViewChips view={view} />
      {view.tab === 'groups' ? (
        <GroupsTab onShowLeads={(group) => view.showGroup(group.id)} />
      ) : (
        <>
          <LeadFilters view={view} />
          <BulkActionBar
            selection={selection}
            matching={counts.data?.[view.tab] ?? 0}
            view={view.tab}
            filters={filters}
            manages={manages}
            onExport={(ids) => (ids ? exportSelected(ids) : downloadFrom(exportUrl('csv', listView, filters)))}
          />
          {view.mode === 'table' ? (
            <Suspense fallback={<PageLoader label="Cargando leads..." />}>
              <LeadTable
                view={view.tab}
                filters={filters}
                sort={view.sort}
                onSort={view.setSort}
                userId={user.id}
                empty={empty}
                selection={selection}
              />
            </Suspense>
          ) : (
            <LeadList view={view.tab} filters={filters} onEdit={editing.open} onTrack={tracking.open} empty={empty} selection={selection} />
          )}
        </>
      )}
      {manages ? (
        <>
          <AddLeadDialog opened={adding} onClose={addDialog.close} />
          <ImportLeadsDialog
            opened={importing}
            onClose={importDialog.close}
            onShowGroup={(groupId) => {
              importDialog.close();
              view.showGroup(groupId);
            }}
          />
          <EditLeadDialog lead={editing.subject} opened={editing.opened} onClose={editing.close} />
        </>
      ) : null}
      <TrackingDialog lead={tracking.subject} opened={tracking.opened} onClose={tracking.close} />
    </>
  );
}

export default function LeadsPage() {
  return (
    <RoleGate screen="leads">
      <LeadsScreen />
    </RoleGate>
  );
}
