/**
 * 'Agregar / Editar Seguimiento de Conversación' (docs/leads.md): created with Guardar when the
 * lead has no record, otherwise updated with Actualizar; closes and resets on success and cancel.
 * 'Próximo contacto' (optional, with a note) then sets the lead's follow-up: it reschedules the open
 * one, or creates one, through the follow-ups' own mutations.
 */
import '@mantine/dates/styles.css';
import { DEFAULT_PROGRESS_LEVEL, FOLLOW_UP_LIMITS, type LeadListItem, PROGRESS_LEVEL_OPTIONS, trackingFormSchema } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { FollowUpDueField, dueError } from '../../follow-ups/components/FollowUpDueField';
import { useCreateFollowUp, useUpdateFollowUp } from '../../follow-ups/hooks/useFollowUpMutations';
import { useRefreshLeads } from '../hooks/useLeadQueries';
import { TrackingCounters } from './TrackingCounters';

interface TrackingValues {
  leadId: number;
  progressLevel: string;
  messagesToLead: number | string;
  messagesFromLead: number | string;
  lastContactDate: string | null;
  hasResponded: boolean;
  notes: string;
  /** 'Próximo contacto': the follow-up's due time, or null to leave it alone. */
  nextContact: Date | null;
  nextContactNote: string;
}

function valuesOf(lead: LeadListItem, today: string): TrackingValues {
  const record = lead.tracking;
  return {
    leadId: lead.id,
    progressLevel: record?.progressLevel ?? DEFAULT_PROGRESS_LEVEL,
    messagesToLead: record?.messagesToLead ?? 0,
    messagesFromLead: record?.messagesFromLead ?? 0,
    lastContactDate: record?.lastContactDate ?? today,
    hasResponded: record?.hasResponded ?? false,
    notes: record?.notes ?? '',
    nextContact: lead.nextFollowUp?.dueAt ?? null,
    nextContactNote: '',
  };
}

const validateTracking = schemaResolver(trackingFormSchema, { sync: true });

function TrackingForm({ lead, onClose }: { lead: LeadListItem; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const record = lead.tracking;
  const format = useTeamFormat();
  const form = useForm<TrackingValues>({
    initialValues: valuesOf(lead, format.today()),
    // A null date is what the empty field gives; the schema answers 'Fecha requerida' for ''.
    validate: (values) => validateTracking({ ...values, lastContactDate: values.lastContactDate ?? '' }),
  });
  const done = async (title: string) => {
    notifySuccess(title, lead.name);
    onClose();
    await refresh();
  };
  const create = useMutation(
    trpc.tracking.create.mutationOptions({
      onError: (error) => notifyError('No se pudo registrar el seguimiento', serverMessage(error, 'Error al registrar el seguimiento')),
    }),
  );
  const update = useMutation(
    trpc.tracking.update.mutationOptions({
      onError: (error) => notifyError('No se pudo actualizar el seguimiento', serverMessage(error, 'Error al actualizar el seguimiento')),
    }),
  );
  const createFollowUp = useCreateFollowUp(() => undefined);
  const rescheduleFollowUp = useUpdateFollowUp('Seguimiento reprogramado');
  const pending = create.isPending || update.isPending || createFollowUp.isPending || rescheduleFollowUp.isPending;

  /** After the tracking is saved: the follow-up only when 'Próximo contacto' was set or moved. */
  const setFollowUp = async ({ nextContact, nextContactNote }: TrackingValues) => {
    const next = lead.nextFollowUp;
    if (!nextContact) return;
    const dueAt = nextContact;
    const note = nextContactNote.trim() || undefined;
    if (!next) await createFollowUp.mutateAsync({ leadId: lead.id, dueAt, note });
    else if (dueAt.getTime() !== next.dueAt.getTime() || note) await rescheduleFollowUp.mutateAsync({ id: next.id, dueAt, note });
  };

  const submit = form.onSubmit(async (values) => {
    const parsed = trackingFormSchema.safeParse({ ...values, lastContactDate: values.lastContactDate ?? '' });
    if (!parsed.success || dueError(values.nextContact, false)) return;
    try {
      // The counters are the server's (moved by 'Registrar llamada'): the form sends only what people write.
      if (record) await update.mutateAsync({ id: record.id, data: { progressLevel: parsed.data.progressLevel, notes: parsed.data.notes } });
      else await create.mutateAsync(parsed.data);
      await setFollowUp(values);
      await done(record ? 'Seguimiento actualizado' : 'Seguimiento registrado');
    } catch {
      // Each mutation already told the user what failed; the dialog stays open to try again.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Lead: <strong>{lead.name}</strong>
        </Text>
        <Select
          label="Nivel de Progreso"
          data={PROGRESS_LEVEL_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('progressLevel')}
        />
        <TrackingCounters lead={lead} />
        <Textarea label="Notas (Opcional)" autosize minRows={3} maxRows={6} {...form.getInputProps('notes')} />
        <FollowUpDueField
          label="Próximo contacto (Opcional)"
          value={form.values.nextContact}
          onChange={(value) => form.setFieldValue('nextContact', value)}
        />
        {form.values.nextContact ? (
          <Textarea
            label="Nota del próximo contacto (Opcional)"
            placeholder="Qué hay que hacer"
            autosize
            minRows={1}
            maxLength={FOLLOW_UP_LIMITS.note}
            {...form.getInputProps('nextContactNote')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {record ? 'Actualizar' : 'Guardar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TrackingDialog({ lead, opened, onClose }: { lead: LeadListItem | null; opened: boolean; onClose: () => void }) {
  const title = lead?.tracking ? 'Editar Seguimiento de Conversación' : 'Agregar Seguimiento de Conversación';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {lead ? <TrackingForm key={lead.id} lead={lead} onClose={onClose} /> : null}
    </Modal>
  );
}
