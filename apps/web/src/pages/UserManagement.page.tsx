/** Gestión de Usuarios — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function UserManagementPage() {
  return (
    <RoleGate screen="userManagement">
      <PageHeader title="Gestión de Usuarios" />
    </RoleGate>
  );
}
