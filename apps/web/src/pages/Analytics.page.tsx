/** 'Análisis y Reportes' (admin only): a period select that filters two charts and the performance table. */
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { type AnalyticsQueryInput, formatDate } from '@crm/domain';
import { Grid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { RoleGate } from '../components/RoleGate';
import { ConversionRateChart } from '../features/analytics/components/ConversionRateChart';
import { LeadsPerMonthChart } from '../features/analytics/components/LeadsPerMonthChart';
import { PerformanceTable } from '../features/analytics/components/PerformanceTable';
import { PeriodSelect } from '../features/analytics/components/PeriodSelect';
import { useAnalyticsPeriod } from '../features/analytics/hooks/useAnalyticsPeriod';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';

/** 'dd/mm/yyyy' straight from 'YYYY-MM-DD', so no time zone can move the day. */
function isoToSpanish(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The custom period as chosen; a preset one from its start to now. */
function periodLabel(input: AnalyticsQueryInput | null, from: Date, to: Date): string {
  if (input?.period === 'custom' && input.from && input.to) {
    return `Del ${isoToSpanish(input.from)} al ${isoToSpanish(input.to)}`;
  }
  return `Del ${formatDate(from)} al ${formatDate(to)}`;
}

function AnalyticsReport() {
  const trpc = useTRPC();
  const { period, setPeriod, range, setRange, input } = useAnalyticsPeriod();
  const report = useQuery({
    ...trpc.analytics.report.queryOptions(input ?? { period: 'month' }),
    enabled: input !== null,
    // Keep the old figures on screen while a new period loads, instead of flashing the loader.
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Análisis y Reportes"
        subtitle="Rendimiento del equipo y evolución de los leads"
        actions={<PeriodSelect period={period} onPeriodChange={setPeriod} range={range} onRangeChange={setRange} />}
      />
      {input === null ? (
        <Text c="dimmed" ta="center" py="xl">
          Selecciona la fecha inicial y la final del período.
        </Text>
      ) : report.isPending ? (
        <PageLoader label="Cargando análisis..." />
      ) : report.isError ? (
        <LoadError title="No se pudo cargar el análisis" query={report} />
      ) : (
        <Stack gap="lg" opacity={report.isPlaceholderData ? 0.6 : 1}>
          <Text size="sm" c="dimmed" data-testid="period-range">
            {periodLabel(input, report.data.from, report.data.to)}
          </Text>
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <LeadsPerMonthChart months={report.data.months} total={report.data.totals.created} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ConversionRateChart months={report.data.months} average={report.data.totals.conversionRate} />
            </Grid.Col>
          </Grid>
          <PerformanceTable rows={report.data.performance} />
        </Stack>
      )}
    </>
  );
}

export default function AnalyticsPage() {
  return (
    <RoleGate screen="analytics">
      <AnalyticsReport />
    </RoleGate>
  );
}
