/** Gestión de Roles Personalizados — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function RoleManagementPage() {
  return (
    <RoleGate screen="roleManagement">
      <PageHeader title="Gestión de Roles Personalizados" />
    </RoleGate>
  );
}
