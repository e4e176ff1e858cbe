/** Gestión de Roles Personalizados: the roles grid and who holds which role. */
import type { CustomRole, UserWithRoles } from '@crm/domain';
import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FailedLoad, LoadError } from '../components/LoadError';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { AssignRoleDialog } from '../features/roles/components/AssignRoleDialog';
import { DeleteRoleDialog } from '../features/roles/components/DeleteRoleDialog';
import { RoleCard } from '../features/roles/components/RoleCard';
import { RoleFormDialog } from '../features/roles/components/RoleFormDialog';
import { UsersRolesList } from '../features/roles/components/UsersRolesList';
import { TwoFactorRolesCard } from '../features/security/components/TwoFactorRolesCard';
import { LeadVisibilityCard } from '../features/roles/components/LeadVisibilityCard';
import { useTRPC } from '../lib/trpc';

function RolesGrid({
  roles,
  failure,
  onEdit,
  onDelete,
}: {
  roles: CustomRole[] | undefined;
  failure: FailedLoad | null;
  onEdit: (role: CustomRole) => void;
  onDelete: (role: CustomRole) => void;
}) {
  if (failure) return <LoadError title="No se pudieron cargar los roles" query={failure} />;
  if (roles === undefined) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((cell) => (
          <Skeleton key={cell} h={110} />
        ))}
      </SimpleGrid>
    );
  }
  if (roles.length === 0) {
    return (
      <Card>
        <Text c="dimmed" ta="center">
          No hay roles personalizados. Crea uno para empezar.
        </Text>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {roles.map((role) => (
        <RoleCard key={role.id} role={role} onEdit={() => onEdit(role)} onDelete={() => onDelete(role)} />
      ))}
    </SimpleGrid>
  );
}

function RoleManagement() {
  const trpc = useTRPC();
  const roles = useQuery(trpc.customRoles.list.queryOptions());
  const users = useQuery(trpc.users.withRoles.queryOptions());
  // undefined: closed; null: creating; a role: editing.
  const [formRole, setFormRole] = useState<CustomRole | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);
  const [assigningTo, setAssigningTo] = useState<UserWithRoles | null>(null);
  return (
    <>
      <PageHeader
        title="Gestión de Roles Personalizados"
        subtitle="Crea especializaciones y asígnalas a tu equipo"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setFormRole(null)}>
            Crear Rol
          </Button>
        }
      />
      <Stack gap="lg">
        <RolesGrid roles={roles.data} failure={roles.isError ? roles : null} onEdit={setFormRole} onDelete={setDeleting} />
        <UsersRolesList users={users.data} failure={users.isError ? users : null} onAssign={setAssigningTo} />
        <LeadVisibilityCard customRoles={roles.data ?? []} />
        <TwoFactorRolesCard customRoles={roles.data ?? []} />
      </Stack>
      <RoleFormDialog role={formRole} onClose={() => setFormRole(undefined)} />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
      <AssignRoleDialog user={assigningTo} roles={roles.data ?? []} onClose={() => setAssigningTo(null)} />
    </>
  );
}

export default function RoleManagementPage() {
  return (
    <RoleGate screen="roleManagement">
      <RoleManagement />
    </RoleGate>
  );
}
