/**
 * 'Importar Leads' (docs/import-format.md): a new import (file → preview and mapping → start), or
 * one job followed live (progress, then the result). Closing it never stops a job: reopened, it
 * shows the job still running, and 'Importaciones recientes' lists the latest ones.
 */
import { Center, Loader, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { isJobActive } from '../hooks/import-job-cache';
import { useImportJob, useImportJobList } from '../hooks/useImportJobs';
import { ImportFileForm } from './ImportFileForm';
import { ImportFormatHelp } from './ImportFormatHelp';
import { ImportJobList } from './ImportJobList';
import { ImportJobView } from './ImportJobView';
import { useIsPhone } from '../../../lib/use-is-phone';

export function ImportLeadsDialog({
  opened,
  onClose,
  onShowGroup,
}: {
  opened: boolean;
  onClose: () => void;
  /** 'Ver leads importados': the Leads list filtered to the new group. */
  onShowGroup: (groupId: number) => void;
}) {
  const isPhone = useIsPhone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useImportJob(jobId);
  const jobs = useImportJobList(opened);

  // A running job stays on screen for the next opening; a finished one gives way to a new import.
  const close = () => {
    if (!isJobActive(job.data)) setJobId(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Importar Leads"
      size="xl"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {jobId === null ? (
        <Stack>
          <ImportFileForm
            onStarted={(started) => {
              // The start's answer is the job's first state: the progress shows at once, before any event.
              queryClient.setQueryData(trpc.importJobs.byId.queryKey({ id: started.id }), started);
              setJobId(started.id);
            }}
            onClose={close}
          />
          <ImportJobList jobs={jobs.data ?? []} onOpen={setJobId} />
          <ImportFormatHelp />
        </Stack>
      ) : job.data ? (
        <ImportJobView
          job={job.data}
          onClose={close}
          onNewImport={() => setJobId(null)}
          onShowGroup={(groupId) => {
            setJobId(null);
            onShowGroup(groupId);
          }}
        />
      ) : (
        <Center py="xl">
          <Loader aria-label="Cargando la importación" />
        </Center>
      )}
    </Modal>
  );
}
