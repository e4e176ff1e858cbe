/** 'Panel de Control': the four summary cards, 'Mis seguimientos', the activity feed and the best sellers. */
import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { RecentActivityPanel } from '../features/dashboard/components/RecentActivityPanel';
import { SummaryCards } from '../features/dashboard/components/SummaryCards';
import { MyFollowUpsCard } from '../features/follow-ups/components/MyFollowUpsCard';
import { TopSellersPanel } from '../features/dashboard/components/TopSellersPanel';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';

export default function DashboardPage() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  return (
    <RoleGate screen="dashboard">
      <PageHeader title="Panel de Control" subtitle="Resumen de actividad y métricas clave" />
      <Stack gap="lg">
        {summary.isError ? (
          <LoadError title="No se pudieron cargar las métricas" query={summary} />
        ) : (
          <SummaryCards summary={summary.data} />
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
