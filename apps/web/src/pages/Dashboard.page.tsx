/** 'Panel de Control': the four summary cards, 'Mis seguimientos', the activity feed and the best sellers. */
import { type DashboardSummaryQuery, can } from '@crm/domain';
import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { ChoiceSwitch } from '../components/ChoiceSwitch';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { RecentActivityPanel } from '../features/dashboard/components/RecentActivityPanel';
import { SummaryCards } from '../features/dashboard/components/SummaryCards';
import { MyFollowUpsCard } from '../features/follow-ups/components/MyFollowUpsCard';
import { TopSellersPanel } from '../features/dashboard/components/TopSellersPanel';
import { useDeferredData } from '../lib/use-deferred-data';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';

export default function DashboardPage() {
  const trpc = useTRPC();
  // A seller starts on his own leads, the team's a click away; admins and managers see the team.
  const seller = !can(useCurrentUser(), 'lead.manage');
  const [scope, setScope] = useState<DashboardSummaryQuery['scope']>(seller ? 'mine' : 'team');
  const summary = useQuery(trpc.dashboard.summary.queryOptions({ scope }));
  const summaryData = useDeferredData(summary).data;
  return (
    <RoleGate screen="dashboard">
      <PageHeader
        title="Panel de Control"
        subtitle="Resumen de actividad y métricas clave"
        actions={
          seller ? (
            <ChoiceSwitch
              aria-label="Qué leads resumir"
              value={scope}
              onChange={setScope}
              data={[
                { value: 'mine', label: 'Mis leads' },
                { value: 'team', label: 'Equipo' },
              ]}
            />
          ) : null
        }
      />
      <Stack gap="lg">
        {summary.isError ? (
          <LoadError title="No se pudieron cargar las métricas" query={summary} />
        ) : (
          <SummaryCards summary={summaryData} />
        )}
        <MyFollowUpsCard />
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <RecentActivityPanel />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TopSellersPanel />
          </Grid.Col>
        </Grid>
      </Stack>
    </RoleGate>
  );
}
