/** 'Leads por Mes': leads created and converted in each month of the period, as bars. */
import { type MonthlyLeads, formatNumber } from '@crm/domain';
import { BarChart } from '@mantine/charts';
import { Card, Group, Text, Title } from '@mantine/core';
import { monthLabel } from '../month-label';

export function LeadsPerMonthChart({ months, total }: { months: MonthlyLeads[]; total: number }) {
  const data = months.map((month) => ({ month: monthLabel(month.month), Creados: month.created, Convertidos: month.converted }));
  return (
    <Card data-testid="leads-per-month">
      <Group justify="space-between" mb="md" align="flex-start">
        <Title order={2} size="h4">
          Leads por Mes
        </Title>
        <Text fw={700} fz="xl" data-testid="leads-total" title="Leads creados en el período">
          {formatNumber(total)}
        </Text>
      </Group>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => formatNumber(value)}
        series={[
          { name: 'Creados', color: 'indigo.6' },
          { name: 'Convertidos', color: 'teal.6' },
        ]}
      />
    </Card>
  );
}
