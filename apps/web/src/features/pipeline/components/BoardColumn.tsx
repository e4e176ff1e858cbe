/** One status column: its title, how many leads and their value, its cards, and its own paging. */
import { type LeadListItem, type LeadStatus, formatNumber, statusLabel } from '@crm/domain';
import { useDroppable } from '@dnd-kit/core';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { LoadMore } from '../../leads/components/LoadMore';
import { StatusBadge } from '../../leads/components/LeadBadges';
import { type BoardFilters, useBoardColumn, useBoardColumnFigures } from '../hooks/useBoardColumn';
import { BoardCard } from './BoardCard';
import classes from './Board.module.css';
import { useTeamFormat } from '../../../lib/useTeamFormat';

interface BoardColumnProps {
  status: LeadStatus;
  filters: BoardFilters;
  onMove: (lead: LeadListItem, to: LeadStatus) => void;
}

export function BoardColumn({ status, filters, onMove }: BoardColumnProps) {
  const format = useTeamFormat();
  const pages = useBoardColumn(status, filters);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const figures = useBoardColumnFigures(status, filters);
  const leads = pages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      data-testid={`board-column-${status}`}
      component="section"
      aria-label={`Columna ${statusLabel(status)}`}
      withBorder
    >
      <Group justify="space-between" p="sm" gap="xs" className={classes.columnHeader}>
        <Title order={2} size="h5">
          <StatusBadge status={status} />
        </Title>
        {figures === null ? null : (
          // The value: the sum of the column's leads' values (amount, or the team's value per conversion).
          <Text size="sm" fw={600} ta="right">
            <span data-testid="board-column-count">{formatNumber(figures.count)}</span>
            {' · '}
            <span data-testid="board-column-value" title="Valor de la columna">
              {format.money(figures.value)}
            </span>
          </Text>
        )}
      </Group>
      <div ref={setScroller} className={classes.cards}>
        <Stack gap="xs" p="xs">
          {pages.isPending ? <PageLoader label="Cargando..." /> : null}
          {pages.isError ? <LoadError title="No se pudo cargar la columna" query={pages} /> : null}
          {leads.map((lead) => (
            <BoardCard key={lead.id} lead={lead} onMove={onMove} />
          ))}
          {pages.isSuccess ? <LoadMore pages={pages} loaded={leads.length} root={scroller} /> : null}
        </Stack>
      </div>
    </Paper>
  );
}
