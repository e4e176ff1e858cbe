/**
 * One import job in the dialog: while it runs, a progress bar from the server's counts (rows of
 * total, rows per second, time left) and 'Cancelar importación'; once done, the result with the
 * skipped rows, their errors.csv and 'Ver leads importados'; a failure or a cancel says so.
 */
import { type ImportJobState, formatCount, pluralWord } from '@crm/domain';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { downloadFrom } from '../../../lib/rest';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { isJobActive } from '../hooks/import-job-cache';
import { useRefreshLeads } from '../hooks/useLeadQueries';
import { importPercent, importSpeed, importStep, progressLine } from './import-progress';
import { ImportResultSummary } from './ImportResultSummary';
import { SECONDARY_TEXT } from './import-text';

function importedMessage(job: ImportJobState): string {
  const leads = formatCount(job.imported, 'lead', 'leads');
  const updated =
    job.updated > 0
      ? ` y se ${pluralWord(job.updated, 'actualizó', 'actualizaron')} ${formatCount(job.updated, 'existente', 'existentes')}`
      : '';
  return `Se ${pluralWord(job.imported, 'importó', 'importaron')} ${leads} en el grupo "${job.groupName ?? ''}"${updated}`;
}

function RunningJob({ job, onHide }: { job: ImportJobState; onHide: () => void }) {
  const trpc = useTRPC();
  const cancel = useMutation(
    trpc.importJobs.cancel.mutationOptions({
      onError: (error) => notifyError('No se pudo cancelar la importación', error.message),
    }),
  );
  const speed = importSpeed(job);
  const step = importStep(job);
  const saving = job.phase === 'saving';
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Text size="sm">
        Importando <b>{job.fileName}</b> en el grupo <b>{job.groupName}</b>
      </Text>
      <Progress value={importPercent(job)} size="lg" striped animated aria-label="Progreso de la importación" />
      <Text size="sm" c={SECONDARY_TEXT} aria-live="polite">
        {saving ? 'Guardando' : 'Leyendo el archivo'}: {progressLine(step.done, step.of, speed)}
      </Text>
      <Text size="xs" c={SECONDARY_TEXT}>
        Puedes cerrar esta ventana: la importación sigue y la encontrarás en «Importaciones recientes».
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onHide}>
          Seguir en segundo plano
        </Button>
        <Button color="red" variant="light" loading={cancel.isPending} onClick={() => cancel.mutate({ id: job.id })}>
          Cancelar importación
        </Button>
      </Group>
    </Stack>
  );
}

export function ImportJobView({
  job,
  onShowGroup,
  onNewImport,
  onClose,
}: {
  job: ImportJobState;
  onShowGroup: (groupId: number) => void;
  onNewImport: () => void;
  onClose: () => void;
}) {
  const refresh = useRefreshLeads();
  // Announce the end once, when this view saw the job running (not when opening an old one).
  const sawRunning = useRef(isJobActive(job));
  useEffect(() => {
    if (!sawRunning.current || isJobActive(job)) return;
    sawRunning.current = false;
    if (job.status === 'done') {
      notifySuccess('Importación exitosa', importedMessage(job));
      void refresh();
    } else if (job.status === 'failed') notifyError('Error en la importación', job.failure ?? 'Error al importar leads');
  }, [job, refresh]);

  if (isJobActive(job)) return <RunningJob job={job} onHide={onClose} />;
  const groupId = job.groupId;
  return (
    <Stack gap="sm">
      {job.status === 'done' ? (
        <>
          <ImportResultSummary result={job} />
          <Group gap="xs">
            {groupId !== null ? (
              <Button size="xs" leftSection={<IconUsers size={14} />} onClick={() => onShowGroup(groupId)}>
                Ver leads importados
              </Button>
            ) : null}
            {job.skipped > 0 ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={() => downloadFrom(`/api/import-jobs/${job.id}/errors.csv`)}
              >
                Descargar filas omitidas (CSV)
              </Button>
            ) : null}
          </Group>
        </>
      ) : (
        <Alert
          color={job.status === 'cancelled' ? 'gray' : 'red'}
          title={job.status === 'cancelled' ? 'Importación cancelada' : 'Error en la importación'}
        >
          {job.status === 'cancelled'
            ? `No se importó nada de ${job.fileName}.`
            : `${job.failure ?? 'Error al importar leads'}. No se importó nada de ${job.fileName}.`}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={onNewImport}>Nueva importación</Button>
      </Group>
    </Stack>
  );
}
