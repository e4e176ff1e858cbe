/** Panel de Control — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function DashboardPage() {
  return (
    <RoleGate screen="dashboard">
      <PageHeader title="Panel de Control" />
    </RoleGate>
  );
}
