/** Gestión del Equipo — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function TeamPage() {
  return (
    <RoleGate screen="team">
      <PageHeader title="Gestión del Equipo" />
    </RoleGate>
  );
}
