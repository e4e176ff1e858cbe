/** 'Tasa de Conversión': each month's rate as a line, with the period's average as a reference line. */
import { type MonthlyLeads, formatPercent } from '@crm/domain';
import { LineChart } from '@mantine/charts';
import { Card, Group, Text, Title } from '@mantine/core';
import { monthLabel } from '../month-label';

export function ConversionRateChart({ months, average }: { months: MonthlyLeads[]; average: number }) {
  const data = months.map((month) => ({ month: monthLabel(month.month), Tasa: month.conversionRate }));
  return (
    <Card data-testid="conversion-rate">
      <Group justify="space-between" mb="md" align="flex-start">
        <Title order={2} size="h4">
          Tasa de Conversión
        </Title>
        <Text fw={700} fz="xl" data-testid="conversion-average" title="Promedio del período">
          {formatPercent(average)}
        </Text>
      </Group>
      <LineChart
        h={260}
        data={data}
        dataKey="month"
        curveType="monotone"
        valueFormatter={(value) => formatPercent(value)}
        series={[{ name: 'Tasa', label: 'Tasa de conversión', color: 'teal.6' }]}
        referenceLines={[{ y: average, label: `Promedio ${formatPercent(average)}`, color: 'red.6' }]}
      />
    </Card>
  );
}
