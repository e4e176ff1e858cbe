/**
 * 'Importar Leads' (docs/import-format.md): a CSV/TSV/TXT or Excel (.xlsx) file up to 10 MB (dropped or picked), a group name
 * and an optional role; the upload shows its progress, then the result summary stays in view.
 */
import '@mantine/dropzone/styles.css';
import {
  IMPORT_LIMITS,
  type ImportResult,
  formatFileSizeKb,
  importFormSchema,
  isAcceptedImportFile,
  formatCount,
  pluralWord,
} from '@crm/domain';
import { Button, Group, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { useQuery } from '@tanstack/react-query';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { RestError, uploadForm } from '../../../lib/rest';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../hooks/useLeadQueries';
import { ImportFormatHelp } from './ImportFormatHelp';
import { ImportResultSummary } from './ImportResultSummary';

/** What the system file picker offers; the drop itself is checked by isAcceptedImportFile. */
const PICKER_ACCEPT = {
  'text/plain': ['.txt', '.csv', '.tsv'],
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

function importedMessage(result: ImportResult): string {
  const leads = formatCount(result.imported, 'lead', 'leads');
  return `Se ${pluralWord(result.imported, 'importó', 'importaron')} ${leads} en el grupo "${result.groupName}"`;
}

export function ImportLeadsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const roles = useQuery({ ...trpc.customRoles.list.queryOptions(), enabled: opened });
  const [file, setFile] = useState<File | null>(null);
  const [groupName, setGroupName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const uploading = progress !== null;

  const close = () => {
    if (uploading) return;
    setFile(null);
    setGroupName('');
    setRoleId(null);
    setResult(null);
    onClose();
  };

  const choose = (candidate: FileWithPath | undefined) => {
    if (!candidate) return;
    if (!isAcceptedImportFile(candidate)) {
      notifyError(IMPORT_LIMITS.messages.invalidFormat, 'Usa un archivo CSV, TSV, TXT o Excel (.xlsx).');
      return;
    }
    if (candidate.size > IMPORT_LIMITS.maxBytes) {
      notifyError('Archivo demasiado grande', IMPORT_LIMITS.messages.tooLarge);
      return;
    }
    setFile(candidate);
    setResult(null);
  };

  const submit = async () => {
    if (!file) {
      notifyError(IMPORT_LIMITS.messages.fileRequired, 'Selecciona el archivo con los leads.');
      return;
    }
    const fields = importFormSchema.safeParse({ groupName, assignedRoleId: roleId });
    if (!fields.success) {
      // The schema's message is the title ('Nombre del grupo requerido'); the body says what to do.
      notifyError(
        fields.error.issues[0]?.message ?? IMPORT_LIMITS.messages.groupNameRequired,
        'Escribe el nombre del grupo que recibirá los leads.',
      );
      return;
    }
    const form = new FormData();
    form.append('groupName', fields.data.groupName);
    if (fields.data.assignedRoleId !== null) form.append('assignedRoleId', String(fields.data.assignedRoleId));
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const answer = await uploadForm<ImportResult>('/api/leads/import', form, setProgress);
      setResult(answer);
      setFile(null);
      setGroupName('');
      setRoleId(null);
      notifySuccess('Importación exitosa', importedMessage(answer));
      await refresh();
    } catch (error) {
      const message = error instanceof RestError ? error.serverMessage : undefined;
      notifyError('Error en la importación', message ?? 'Error al importar leads');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Importar Leads" size="lg" centered closeOnClickOutside={!uploading}>
      <Stack>
        <Dropzone
          onDropAny={(files, rejections) => choose(files[0] ?? rejections[0]?.file)}
          onDrop={() => undefined}
          accept={PICKER_ACCEPT}
          multiple={false}
          disabled={uploading}
          aria-label="Archivo de leads"
        >
          <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={40} color="var(--mantine-color-indigo-6)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileText size={40} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <Stack gap={2}>
              <Text fw={500}>Arrastra el archivo aquí o haz clic para elegirlo</Text>
              <Text size="sm" c="dimmed">
                CSV, TSV, TXT o Excel (.xlsx), hasta 10MB
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        {file ? (
          <Group gap="xs" wrap="nowrap" data-testid="import-file">
            <IconFileText size={18} aria-hidden />
            <Text size="sm" truncate>
              {file.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSizeKb(file.size)}
            </Text>
          </Group>
        ) : null}
        <TextInput
          label="Nombre del grupo"
          placeholder="Ej. Clínicas Madrid noviembre"
          withAsterisk
          value={groupName}
          onChange={(event) => setGroupName(event.currentTarget.value)}
          disabled={uploading}
        />
        <Select
          label="Asignar a un rol (opcional)"
          placeholder="Sin rol"
          data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.displayName }))}
          value={roleId}
          onChange={setRoleId}
          clearable
          disabled={uploading}
          comboboxProps={{ withinPortal: true }}
        />
        {uploading ? (
          <Stack gap={4}>
            <Progress value={progress} animated aria-label="Progreso de la subida" />
            <Text size="xs" c="dimmed">
              {progress < 100 ? `Subiendo archivo... ${progress}%` : 'Procesando filas...'}
            </Text>
          </Stack>
        ) : null}
        {result ? <ImportResultSummary result={result} /> : null}
        <ImportFormatHelp />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} disabled={uploading} leftSection={<IconUpload size={16} />}>
            {uploading ? 'Importando...' : 'Crear Grupo e Importar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
