/**
 * 'Agregar / Editar Seguimiento de Conversación' (docs/leads.md): created with Guardar when the
 * lead has no record, otherwise updated with Actualizar; closes and resets on success and cancel.
 */
import '@mantine/dates/styles.css';
import { DEFAULT_PROGRESS_LEVEL, type LeadListItem, PROGRESS_LEVEL_OPTIONS, toIsoDate, trackingFormSchema } from '@crm/domain';
import { Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../hooks/useLeadQueries';

interface TrackingValues {
  leadId: number;
  progressLevel: string;
  messagesToLead: number | string;
  messagesFromLead: number | string;
  lastContactDate: string | null;
  hasResponded: boolean;
  notes: string;
}

function valuesOf(lead: LeadListItem): TrackingValues {
  const record = lead.tracking;
  return {
    leadId: lead.id,
    progressLevel: record?.progressLevel ?? DEFAULT_PROGRESS_LEVEL,
    messagesToLead: record?.messagesToLead ?? 0,
    messagesFromLead: record?.messagesFromLead ?? 0,
    lastContactDate: record?.lastContactDate ?? toIsoDate(),
    hasResponded: record?.hasResponded ?? false,
    notes: record?.notes ?? '',
  };
}

const validateTracking = schemaResolver(trackingFormSchema, { sync: true });

function TrackingForm({ lead, onClose }: { lead: LeadListItem; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const record = lead.tracking;
  const form = useForm<TrackingValues>({
    initialValues: valuesOf(lead),
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
      onSuccess: () => done('Seguimiento registrado'),
      onError: (error) => notifyError('No se pudo registrar el seguimiento', serverMessage(error, 'Error al registrar el seguimiento')),
    }),
  );
  const update = useMutation(
    trpc.tracking.update.mutationOptions({
      onSuccess: () => done('Seguimiento actualizado'),
      onError: (error) => notifyError('No se pudo actualizar el seguimiento', serverMessage(error, 'Error al actualizar el seguimiento')),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    const parsed = trackingFormSchema.safeParse({ ...values, lastContactDate: values.lastContactDate ?? '' });
    if (!parsed.success) return;
    if (record) {
      const { leadId: _leadId, ...data } = parsed.data;
      update.mutate({ id: record.id, data });
    } else create.mutate(parsed.data);
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
        <SimpleGrid cols={2}>
          <NumberInput
            label="Mensajes Enviados"
            min={0}
            allowNegative={false}
            allowDecimal={false}
            {...form.getInputProps('messagesToLead')}
          />
          <NumberInput
            label="Mensajes Recibidos"
            min={0}
            allowNegative={false}
            allowDecimal={false}
            {...form.getInputProps('messagesFromLead')}
          />
        </SimpleGrid>
        <DatesProvider settings={{ locale: 'es' }}>
          <DateInput
            label="Fecha del Último Contacto"
            valueFormat="DD/MM/YYYY"
            withAsterisk
            // Without it, emptying the field silently restores the last date and 'Fecha requerida' never shows.
            clearable
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('lastContactDate')}
          />
        </DatesProvider>
        <Checkbox label="El lead ha respondido" {...form.getInputProps('hasResponded', { type: 'checkbox' })} />
        <Textarea label="Notas (Opcional)" autosize minRows={3} maxRows={6} {...form.getInputProps('notes')} />
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
