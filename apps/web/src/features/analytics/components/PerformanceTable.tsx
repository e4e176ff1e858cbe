/** 'Rendimiento Individual': one row per member with leads in the period; every column sorts. */
import { type PerformanceEntry, conversionBarWidth, formatNumber, formatPercent } from '@crm/domain';
import { Avatar, Card, Group, Progress, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { type PerformanceColumn, type SortDirection, sortPerformance } from '../sort-performance';
import { useTeamFormat } from '../../../lib/useTeamFormat';

const COLUMNS: { key: PerformanceColumn; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Vendedor', numeric: false },
  { key: 'assigned', label: 'Leads Asignados', numeric: true },
  { key: 'contacted', label: 'Contactados', numeric: true },
  { key: 'converted', label: 'Convertidos', numeric: true },
  { key: 'conversionRate', label: 'Tasa Conversión', numeric: true },
  { key: 'revenue', label: 'Ingresos', numeric: true },
];

export function PerformanceTable({ rows }: { rows: PerformanceEntry[] }) {
  const format = useTeamFormat();
  const [sort, setSort] = useState<{ column: PerformanceColumn; direction: SortDirection }>({
    column: 'converted',
    direction: 'desc',
  });
  const sorted = sortPerformance(rows, sort.column, sort.direction);

  function toggle(column: PerformanceColumn, numeric: boolean) {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: numeric ? 'desc' : 'asc' },
    );
  }

  return (
    <Card data-testid="performance-table">
      <Title order={2} size="h4" mb="md">
        Rendimiento Individual
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          Sin datos de rendimiento
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => {
                  const active = sort.column === column.key;
                  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
                  return (
                    <Table.Th key={column.key} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                      <UnstyledButton onClick={() => toggle(column.key, column.numeric)}>
                        <Group gap={4} wrap="nowrap">
                          <Text fw={600} size="sm">
                            {column.label}
                          </Text>
                          <Icon size={14} />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((row) => (
                <Table.Tr key={row.id} data-testid="performance-row">
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar size="sm" color="indigo" radius="xl">
                        {row.initials}
                      </Avatar>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {row.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatNumber(row.assigned)}</Table.Td>
                  <Table.Td>{formatNumber(row.contacted)}</Table.Td>
                  <Table.Td>{formatNumber(row.converted)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={conversionBarWidth(row.conversionRate)}
                        w={60}
                        size="sm"
                        color="teal"
                        aria-label={`Tasa de conversión de ${row.name}`}
                      />
                      <Text size="sm">{formatPercent(row.conversionRate)}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{format.money(row.revenue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
