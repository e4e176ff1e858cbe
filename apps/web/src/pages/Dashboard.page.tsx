/** 'Panel de Control': the four summary cards, the activity feed and the best sellers. */
import { Alert, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { RoleGate } from '../components/RoleGate';
import { RecentActivityPanel } from '../features/dashboard/components/RecentActivityPanel';
import { SummaryCards } from '../features/dashboard/components/SummaryCards';
import { TopSellersPanel } from '../features/dashboard/components/TopSellersPanel';
import { serverMessage } from '../lib/errors';
import { useTRPC } from '../lib/trpc';

export default function DashboardPage() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  return (
    <RoleGate screen="dashboard">
      <PageHeader title="Panel de Control" subtitle="Resumen de actividad y métricas clave" />
      <Stack gap="lg">
        {summary.isPending ? (
          <PageLoader />
        ) : summary.isError ? (
          <Alert color="red" title="No se pudieron cargar las métricas">
            {serverMessage(summary.error, 'Intenta de nuevo más tarde.')}
          </Alert>
        ) : (
          <SummaryCards summary={summary.data} />
        )}
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
