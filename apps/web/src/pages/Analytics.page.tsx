/** Análisis y Reportes — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function AnalyticsPage() {
  return (
    <RoleGate screen="analytics">
      <PageHeader title="Análisis y Reportes" />
    </RoleGate>
  );
}
