/** The four dashboard cards: Total de Leads, Leads Convertidos, Ingresos del Mes, Miembros del Equipo. */
import { type DashboardSummary, formatNumber, formatCount } from '@crm/domain';
import { Badge, SimpleGrid } from '@mantine/core';
import { IconCash, IconTarget, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { StatCard } from './StatCard';
import { TrendBadge } from './TrendBadge';
import { useTeamFormat } from '../../../lib/useTeamFormat';

/** What the cards show until the summary arrives, under a skeleton of the same size. */
const PLACEHOLDER: DashboardSummary = {
  totalLeads: { value: 0, trend: null },
  convertedLeads: { value: 0, trend: null },
  revenue: { value: '0.00', trend: null },
  teamMembers: { value: 0, active: 0 },
};

export function SummaryCards({ summary: loaded }: { summary: DashboardSummary | undefined }) {
  const format = useTeamFormat();
  const loading = loaded === undefined;
  const summary = loaded ?? PLACEHOLDER;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Total de Leads"
        value={formatNumber(summary.totalLeads.value)}
        icon={<IconTarget size={20} />}
        color="indigo"
        loading={loading}
        badge={<TrendBadge trend={summary.totalLeads.trend} />}
      />
      <StatCard
        label="Leads Convertidos"
        value={formatNumber(summary.convertedLeads.value)}
        icon={<IconUserCheck size={20} />}
        color="teal"
        loading={loading}
        badge={<TrendBadge trend={summary.convertedLeads.trend} />}
      />
      <StatCard
        label="Ingresos del Mes"
        value={format.money(summary.revenue.value)}
        icon={<IconCash size={20} />}
        color="green"
        loading={loading}
        badge={<TrendBadge trend={summary.revenue.trend} />}
      />
      <StatCard
        label="Miembros del Equipo"
        value={formatNumber(summary.teamMembers.value)}
        icon={<IconUsers size={20} />}
        color="grape"
        loading={loading}
        badge={
          <Badge color="grape" variant="light" title="Vistos en las últimas 24 horas">
            {formatCount(summary.teamMembers.active, 'activo', 'activos')}
          </Badge>
        }
      />
    </SimpleGrid>
  );
}
