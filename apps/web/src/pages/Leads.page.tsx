/** Gestión de Leads (docs/leads.md): Leads Activos, Contactados and Grupos, with the add, import, edit and tracking dialogs. */
import { type LeadListItem, can } from '@crm/domain';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconInbox, IconPhoneOff, IconPlus, IconUpload } from '@tabler/icons-react';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { downloadFrom } from '../lib/rest';
import { AddLeadDialog } from '../features/leads/components/AddLeadDialog';
import { EditLeadDialog } from '../features/leads/components/EditLeadDialog';
import { EmptyState } from '../features/leads/components/EmptyState';
import { GroupFilterLine } from '../features/leads/components/GroupFilterLine';
import { GroupsTab } from '../features/leads/components/GroupsTab';
import { ImportLeadsDialog } from '../features/leads/components/ImportLeadsDialog';
import { LeadFilters } from '../features/leads/components/LeadFilters';
import { LeadList } from '../features/leads/components/LeadList';
import { LeadsTabs } from '../features/leads/components/LeadsTabs';
import { TrackingDialog } from '../features/leads/components/TrackingDialog';
import { useDialogSubject } from '../features/leads/hooks/useDialogSubject';
import { leadFilters, useLeadsView } from '../features/leads/hooks/useLeadsView';

/** 'Exportar CSV' downloads what the current tab and filters show. */
function exportUrl(view: 'leads' | 'contacted' | undefined, filters: ReturnType<typeof leadFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ view, ...filters })) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `/api/leads/export?${params.toString()}`;
}

function LeadsScreen() {
  const user = useCurrentUser();
  const manages = can(user, 'lead.manage');
  const view = useLeadsView();
  const filters = leadFilters(view);
  const [adding, addDialog] = useDisclosure(false);
  const [importing, importDialog] = useDisclosure(false);
  const editing = useDialogSubject<LeadListItem>();
  const tracking = useDialogSubject<LeadListItem>();
  const listView = view.tab === 'groups' ? undefined : view.tab;

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
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => downloadFrom(exportUrl(listView, filters))}>
                Exportar CSV
              </Button>
            </>
          ) : null
        }
      />
      {view.groupId !== null ? <GroupFilterLine groupId={view.groupId} onClear={view.clearGroup} /> : null}
      <LeadsTabs tab={view.tab} filters={filters} onChange={view.setTab} />
      {view.tab === 'groups' ? (
        <GroupsTab onShowLeads={(group) => view.showGroup(group.id)} />
      ) : (
        <>
          <LeadFilters view={view} />
          {view.tab === 'leads' ? (
            <LeadList
              view="leads"
              filters={filters}
              onEdit={editing.open}
              onTrack={tracking.open}
              empty={
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
              }
            />
          ) : (
            <LeadList
              view="contacted"
              filters={filters}
              onEdit={editing.open}
              onTrack={tracking.open}
              empty={<EmptyState icon={<IconPhoneOff size={30} />} title="No hay leads contactados" />}
            />
          )}
        </>
      )}
      {manages ? (
        <>
          <AddLeadDialog opened={adding} onClose={addDialog.close} />
          <ImportLeadsDialog opened={importing} onClose={importDialog.close} />
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
