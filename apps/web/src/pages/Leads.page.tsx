/** Gestión de Leads — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function LeadsPage() {
  return (
    <RoleGate screen="leads">
      <PageHeader title="Gestión de Leads" />
    </RoleGate>
  );
}
