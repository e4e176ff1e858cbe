/** Gestión de Usuarios: role counts, the user list, and create / edit / delete dialogs. */
import type { User } from '@crm/domain';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { CreateUserDialog } from '../features/users/components/CreateUserDialog';
import { DeleteUserDialog } from '../features/users/components/DeleteUserDialog';
import { EditUserDialog } from '../features/users/components/EditUserDialog';
import { RoleCountCards } from '../features/users/components/RoleCountCards';
import { UserList } from '../features/users/components/UserList';
import { useTRPC } from '../lib/trpc';

function UserManagement() {
  const trpc = useTRPC();
  const users = useQuery(trpc.users.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  return (
    <>
      <PageHeader
        title="Gestión de Usuarios"
        subtitle="Administra los usuarios del sistema y sus roles"
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)}>
            Crear Usuario
          </Button>
        }
      />
      <RoleCountCards />
      <UserList users={users.data} failure={users.isError ? users : null} onEdit={setEditing} onDelete={setDeleting} />
      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export default function UserManagementPage() {
  return (
    <RoleGate screen="userManagement">
      <UserManagement />
    </RoleGate>
  );
}
