/** 'Importaciones recientes': the user's latest import jobs, live, so one left running can be opened again. */
import { type ImportJobState, type ImportJobStatus, formatCount, formatNumber } from '@crm/domain';
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { importPercent, importStep } from './import-progress';
import { SECONDARY_TEXT } from './import-text';
import { useTeamFormat } from '../../../lib/useTeamFormat';

const STATUS: Record<ImportJobStatus, { label: string; color: string }> = {
  uploaded: { label: 'Sin iniciar', color: 'gray' },
  running: { label: 'En curso', color: 'blue' },
  done: { label: 'Terminada', color: 'green' },
  failed: { label: 'Fallida', color: 'red' },
  cancelled: { label: 'Cancelada', color: 'gray' },
};

function counts(job: ImportJobState): string {
  if (job.status === 'running') {
    const step = importStep(job);
    const rows = `${formatNumber(step.done)} de ${formatNumber(Math.max(step.of, step.done))} filas`;
    return job.phase === 'saving' ? `Guardando ${rows}` : rows;
  }
  if (job.status === 'done') {
    const updated = job.updated > 0 ? `, ${formatCount(job.updated, 'actualizado', 'actualizados')}` : '';
    return `${formatCount(job.imported, 'importado', 'importados')}${updated}, ${formatCount(job.skipped, 'omitido', 'omitidos')}`;
  }
  return job.failure ?? '';
}

export function ImportJobList({ jobs, onOpen }: { jobs: ImportJobState[]; onOpen: (id: number) => void }) {
  const format = useTeamFormat();
  if (jobs.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="import-jobs-title">
      <Text id="import-jobs-title" size="sm" fw={600}>
        Importaciones recientes
      </Text>
      {jobs.slice(0, 5).map((job) => (
        <Paper key={job.id} withBorder p="xs" radius="sm" data-testid="import-job">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Badge size="sm" variant="light" color={STATUS[job.status].color}>
                  {STATUS[job.status].label}
                </Badge>
                <Text size="sm" fw={500} truncate>
                  {job.groupName ?? job.fileName}
                </Text>
              </Group>
              <Text size="xs" c={SECONDARY_TEXT} truncate>
                {job.fileName} · {format.dateTime(job.startedAt ?? job.createdAt)}
              </Text>
              <Text size="xs">{counts(job)}</Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              onClick={() => onOpen(job.id)}
              aria-label={`Ver la importación ${job.groupName ?? job.fileName}`}
            >
              Ver
            </Button>
          </Group>
          {job.status === 'running' ? (
            <Progress mt={6} size="sm" value={importPercent(job)} aria-label={`Progreso de ${job.groupName ?? job.fileName}`} />
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
