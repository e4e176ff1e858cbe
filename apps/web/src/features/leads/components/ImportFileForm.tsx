/**
 * A new import: the file (dropped or picked) is uploaded at once for its preview; the user checks
 * the guessed mapping, picks the sheet of a workbook, names the group, optionally a role, a
 * category for all rows (a file without a category column) and 'Actualizar los existentes',
 * then 'Crear Grupo e Importar' starts the job on the server.
 */
import '@mantine/dropzone/styles.css';
import {
  IMPORT_LIMITS,
  type ImportJobPreview,
  type ImportJobState,
  type ImportMapping,
  LEAD_CATEGORY_OPTIONS,
  type LeadCategory,
  formatFileSizeKb,
  importFormSchema,
  importSizeLimit,
  can,
  isAcceptedImportFile,
  isLeadCategory,
} from '@crm/domain';
import { Button, Group, Progress, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileWithPath } from '@mantine/dropzone';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RestError, uploadForm } from '../../../lib/rest';
import { notifyError } from '../../../lib/notify';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useImportLimit } from '../hooks/useImportJobs';
import { ImportMappingPreview } from './ImportMappingPreview';
import { type CustomColumnChoices, initialChoices, startPayload } from '../../custom-fields/hooks/import-columns';
import { useLeadFields } from '../../custom-fields/hooks/useCustomFields';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { SECONDARY_TEXT, SECONDARY_STYLES } from './import-text';

/** What the system file picker offers; the drop itself is checked by isAcceptedImportFile. */
const PICKER_ACCEPT = {
  'text/plain': ['.txt', '.csv', '.tsv'],
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

const DEFAULT_LIMIT = importSizeLimit(IMPORT_LIMITS.maxBytes / (1024 * 1024));

function uploadError(error: unknown): string {
  return (error instanceof RestError ? error.serverMessage : undefined) ?? 'Error al importar leads';
}

export function ImportFileForm({ onStarted, onClose }: { onStarted: (job: ImportJobState) => void; onClose: () => void }) {
  const trpc = useTRPC();
  const limit = useImportLimit(true).data ?? DEFAULT_LIMIT;
  const roles = useQuery(trpc.customRoles.list.queryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportJobPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [customChoices, setCustomChoices] = useState<CustomColumnChoices>({});
  const leadFields = useLeadFields();
  const canCreateFields = can(useCurrentUser(), 'customField.manage');
  const [sheet, setSheet] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [groupName, setGroupName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const [category, setCategory] = useState<LeadCategory | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const start = useMutation(trpc.importJobs.start.mutationOptions());
  const uploading = uploadPercent !== null;
  const busy = uploading || start.isPending;

  // A preview never started keeps its file on the server: drop it when it is replaced or the dialog closes.
  const client = useTRPCClient();
  const unstarted = useRef<number | null>(null);
  const discard = useCallback(() => {
    if (unstarted.current !== null) void client.importJobs.cancel.mutate({ id: unstarted.current }).catch(() => undefined);
    unstarted.current = null;
  }, [client]);
  useEffect(() => discard, [discard]);

  const upload = async (chosen: File, chosenSheet: string | null) => {
    discard();
    setPreview(null);
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    if (chosenSheet !== null) form.append('sheet', chosenSheet);
    setUploadPercent(0);
    try {
      const answer = await uploadForm<ImportJobPreview>('/api/import-jobs', form, setUploadPercent);
      unstarted.current = answer.id;
      setPreview(answer);
      setMapping(answer.mapping);
      setCustomChoices(initialChoices(answer));
      setSheet(chosenSheet ?? answer.sheets?.[0] ?? null);
    } catch (error) {
      notifyError('Error en la importación', uploadError(error));
      setFile(null);
    } finally {
      setUploadPercent(null);
    }
  };

  const choose = (candidate: FileWithPath | undefined) => {
    if (!candidate) return;
    if (!isAcceptedImportFile(candidate)) {
      notifyError(IMPORT_LIMITS.messages.invalidFormat, 'Usa un archivo CSV, TSV, TXT o Excel (.xlsx).');
      return;
    }
    if (candidate.size > limit.maxBytes) {
      notifyError('Archivo demasiado grande', limit.tooLarge);
      return;
    }
    setFile(candidate);
    setCategory(null);
    void upload(candidate, null);
  };

  const submit = async () => {
    if (!file || !preview) {
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
    if (mapping.name === undefined) {
      notifyError('Falta la columna del nombre', 'Elige qué columna lleva el nombre del lead.');
      return;
    }
    if (mapping.categoryName === undefined && category === null) {
      notifyError('Falta la categoría', 'Elige la columna de la categoría o una categoría para todas las filas.');
      return;
    }
    try {
      const job = await start.mutateAsync({
        id: preview.id,
        ...fields.data,
        mapping,
        ...startPayload(customChoices),
        onDuplicate: updateExisting ? 'update' : 'skip',
        ...(mapping.categoryName === undefined && category !== null ? { category } : {}),
      });
      unstarted.current = null;
      onStarted(job);
    } catch (error) {
      notifyError('Error en la importación', error instanceof Error ? error.message : 'Error al importar leads');
    }
  };

  return (
    <Stack>
      <Dropzone
        onDropAny={(files, rejections) => choose(files[0] ?? rejections[0]?.file)}
        onDrop={() => undefined}
        accept={PICKER_ACCEPT}
        multiple={false}
        disabled={busy}
        aria-label="Archivo de leads"
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-color-indigo-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileText size={36} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={500}>Arrastra el archivo aquí o haz clic para elegirlo</Text>
            <Text size="sm" c={SECONDARY_TEXT}>
              CSV, TSV, TXT o Excel (.xlsx), hasta {limit.maxMb}MB
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
          <Text size="sm" c={SECONDARY_TEXT} style={{ flexShrink: 0 }}>
            {formatFileSizeKb(file.size)}
          </Text>
        </Group>
      ) : null}
      {uploading ? (
        <Stack gap={4}>
          <Progress value={uploadPercent} animated aria-label="Progreso de la subida" />
          <Text size="xs" c={SECONDARY_TEXT}>
            {uploadPercent < 100 ? `Subiendo archivo... ${uploadPercent}%` : 'Leyendo las primeras filas...'}
          </Text>
        </Stack>
      ) : null}
      {file && preview?.sheets && preview.sheets.length > 1 ? (
        <Select
          label="Hoja del libro"
          data={preview.sheets}
          value={sheet}
          allowDeselect={false}
          onChange={(value) => {
            if (value === null || value === sheet) return;
            setSheet(value);
            void upload(file, value);
          }}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {preview ? (
        <ImportMappingPreview
          preview={preview}
          mapping={mapping}
          category={category}
          onMappingChange={setMapping}
          custom={{ fields: leadFields, canCreate: canCreateFields, choices: customChoices, onChange: setCustomChoices }}
        />
      ) : null}
      {preview && mapping.categoryName === undefined ? (
        <Select
          label="Categoría para todas las filas"
          styles={SECONDARY_STYLES}
          description="El archivo no tiene columna de categoría: elige una para todos sus leads."
          placeholder="Elige una categoría"
          data={LEAD_CATEGORY_OPTIONS}
          value={category}
          onChange={(value) => setCategory(isLeadCategory(value) ? value : null)}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      <TextInput
        label="Nombre del grupo"
        placeholder="Ej. Clínicas Madrid noviembre"
        withAsterisk
        value={groupName}
        onChange={(event) => setGroupName(event.currentTarget.value)}
        disabled={start.isPending}
      />
      <Select
        label="Asignar a un rol (opcional)"
        placeholder="Sin rol"
        data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.displayName }))}
        value={roleId}
        onChange={setRoleId}
        clearable
        disabled={start.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label="Actualizar los existentes"
        styles={SECONDARY_STYLES}
        description="Un lead con el mismo email o teléfono se actualiza con los datos del archivo en lugar de omitirse."
        checked={updateExisting}
        onChange={(event) => setUpdateExisting(event.currentTarget.checked)}
        disabled={start.isPending}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={start.isPending}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={uploading} disabled={start.isPending} leftSection={<IconUpload size={16} />}>
          {start.isPending ? 'Importando...' : 'Crear Grupo e Importar'}
        </Button>
      </Group>
    </Stack>
  );
}
