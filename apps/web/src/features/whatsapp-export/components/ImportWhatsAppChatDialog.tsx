/**
 * 'Importar chat de WhatsApp' on a lead (docs/whatsapp.md): the user picks the phone's export (.txt or
 * .zip), sees who wrote and how many messages from when to when, says which participant is the
 * seller (preselected by the user's name), and imports; what the lead already had is not repeated.
 */
import type { WhatsAppExportPreview, WhatsAppExportResult } from '@crm/domain';
import { Alert, Button, FileInput, Group, Modal, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconFileZip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { notifySuccess } from '../../../lib/notify';
import { RestError, uploadForm } from '../../../lib/rest';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { importedText, skippedText } from '../import-text';

/** The preview as JSON carries it: dates as ISO strings. */
type PreviewAnswer = Omit<WhatsAppExportPreview, 'firstAt' | 'lastAt'> & { firstAt: string | null; lastAt: string | null };

const FAILED = 'No se pudo leer el archivo. Intenta de nuevo.';
const errorText = (error: unknown) => (error instanceof RestError && error.serverMessage ? error.serverMessage : FAILED);

function fileForm(file: File, seller?: string): FormData {
  const form = new FormData();
  if (seller !== undefined) form.append('seller', seller);
  form.append('file', file, file.name);
  return form;
}

function PreviewSummary({ preview }: { preview: PreviewAnswer }) {
  const format = useTeamFormat();
  const range = preview.firstAt && preview.lastAt ? `del ${format.dateTime(preview.firstAt)} al ${format.dateTime(preview.lastAt)}` : null;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {preview.messageCount === 1 ? '1 mensaje' : `${preview.messageCount} mensajes`}
        {range ? `, ${range}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {preview.newCount === preview.messageCount
          ? 'Todos son nuevos para este lead.'
          : preview.newCount === 0
            ? 'Ya se importaron todos: no hay mensajes nuevos.'
            : `${preview.newCount} nuevos; los demás ya se importaron.`}
        {preview.mediaCount === 1 ? ' 1 archivo multimedia.' : preview.mediaCount > 1 ? ` ${preview.mediaCount} archivos multimedia.` : ''}
      </Text>
    </Stack>
  );
}

export function ImportWhatsAppChatDialog({ leadId, opened, onClose }: { leadId: number; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const [seller, setSeller] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<WhatsAppExportResult['skippedMedia']>([]);
  const busy = progress !== null;
  const base = `/api/leads/${leadId}/whatsapp/export`;

  const reset = () => {
    setFile(null);
    setPreview(null);
    setSeller(null);
    setProgress(null);
    setError(null);
    setSkipped([]);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    setProgress(0);
    try {
      const answer = await uploadForm<PreviewAnswer>(`${base}/preview`, fileForm(chosen), setProgress);
      setPreview(answer);
      setSeller(answer.suggestedSeller);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setProgress(null);
    }
  };

  const submit = async () => {
    if (!file || !seller) return;
    setError(null);
    setProgress(0);
    try {
      const result = await uploadForm<WhatsAppExportResult>(base, fileForm(file, seller), setProgress);
      // The conversation panel and the history read what was just added.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.whatsapp.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.leadHistory.pathKey() }),
      ]);
      notifySuccess('Chat de WhatsApp importado', importedText(result));
      setProgress(null);
      if (result.skippedMedia.length > 0) {
        setPreview(null);
        setSkipped(result.skippedMedia);
        return;
      }
      reset();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Importar chat de WhatsApp" size="lg">
      <Stack gap="md">
        <Text size="sm">
          En el teléfono, abre el chat → ⋮ o el nombre del contacto → «Exportar chat». Sube el .txt, o el .zip si incluiste los archivos.
        </Text>
        <FileInput
          label="Chat exportado"
          placeholder="Elige el .txt o el .zip"
          accept=".txt,.zip,text/plain,application/zip"
          leftSection={<IconFileZip size={16} />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          disabled={busy}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        />
        {busy ? <Progress value={progress} aria-label="Subiendo el chat" animated /> : null}
        {error ? (
          <Alert color="red" title="No se importó">
            {error}
          </Alert>
        ) : null}
        {skipped.length > 0 ? (
          <Alert color="yellow" title="Algunos archivos no se guardaron">
            {skippedText(skipped)}
          </Alert>
        ) : null}
        {preview ? (
          <>
            <PreviewSummary preview={preview} />
            <Radio.Group
              label="¿Quién es el vendedor?"
              description={
                preview.suggestedSeller ? undefined : `Ningún participante se llama como tú (${user.firstName ?? ''}): elige quién es.`
              }
              value={seller}
              onChange={setSeller}
            >
              <Stack gap="xs" mt="xs">
                {preview.participants.map((name) => (
                  <Radio key={name} value={name} label={name} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="xs" c="dimmed">
              {`Los mensajes del vendedor quedan como enviados; los demás, como recibidos. Las horas se leen en la zona del equipo (${preview.timeZone}).`}
            </Text>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {skipped.length > 0 ? 'Cerrar' : 'Cancelar'}
          </Button>
          {skipped.length > 0 ? null : (
            <Button
              leftSection={<IconBrandWhatsapp size={16} />}
              onClick={() => void submit()}
              disabled={!preview || !seller || preview.newCount === 0}
              loading={busy && preview !== null}
            >
              {preview && preview.newCount > 0
                ? `Importar ${preview.newCount === 1 ? '1 mensaje' : `${preview.newCount} mensajes`}`
                : 'Importar'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
