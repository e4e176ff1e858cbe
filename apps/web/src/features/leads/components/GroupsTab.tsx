/** The Grupos tab: every lead group as a card, or the spec's empty state. */
import { type LeadGroup, can } from '@crm/domain';
import { SimpleGrid } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { PageLoader } from '../../../components/PageLoader';
import { LoadError } from '../../../components/LoadError';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { useDialogSubject } from '../hooks/useDialogSubject';
import { useLeadGroups } from '../hooks/useLeadQueries';
import { EmptyState } from './EmptyState';
import { GroupCard } from './GroupCard';

const DeleteGroupDialog = lazyDialog(() => import('./DeleteGroupDialog').then((module) => module.DeleteGroupDialog));

export function GroupsTab({ onShowLeads }: { onShowLeads: (group: LeadGroup) => void }) {
  const user = useCurrentUser();
  const groups = useLeadGroups(true);
  const deleting = useDialogSubject<LeadGroup>();

  if (groups.isPending) return <PageLoader label="Cargando grupos..." />;
  if (groups.isError) return <LoadError title="No se pudieron cargar los grupos" query={groups} />;
  if (groups.data.length === 0) {
    return (
      <EmptyState
        icon={<IconFolders size={30} />}
        title="No hay grupos de leads"
        hint="Los grupos se crean automáticamente cuando importas leads."
      />
    );
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {groups.data.map((group) => (
          <GroupCard key={group.id} group={group} canDelete={can(user, 'lead.manage')} onShowLeads={onShowLeads} onDelete={deleting.open} />
        ))}
      </SimpleGrid>
      <DeleteGroupDialog group={deleting.subject} opened={deleting.opened} onClose={deleting.close} />
    </>
  );
}
