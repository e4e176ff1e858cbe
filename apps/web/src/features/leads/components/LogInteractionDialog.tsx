/**
 * 'Registrar llamada' (docs/leads.md, 'Llamadas y mensajes'): the outcome of a call, or a message sent
 * or received, with an optional note. The server writes the history and moves the tracking counters,
 * so nobody types them by hand.
 */
import {
  CALL_OUTCOMES,
  CALL_OUTCOME_LABELS,
  type CallOutcome,
  INTERACTION_NOTE_MAX,
  type LeadListItem,
  logInteractionSchema,
} from '@crm/domain';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../hooks/useLeadQueries';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

type Kind = 'call' | 'message_sent' | 'message_received';

const KIND_OPTIONS: { value: Kind; label: string }[] = [
  { value: 'call', label: 'Llamada' },
  { value: 'message_sent', label: 'Mensaje enviado' },
  { value: 'message_received', label: 'Mensaje recibido' },
];

const SAVED: Record<Kind, string> = {
  call: 'Llamada registrada',
  message_sent: 'Mensaje enviado registrado',
  message_received: 'Mensaje recibido registrado',
};

export function LogInteractionDialog({ lead, opened, onClose }: { lead: LeadListItem; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Registrar llamada" centered>
      {opened ? <LogInteractionForm lead={lead} onClose={onClose} /> : null}
    </Modal>
  );
}

function LogInteractionForm({ lead, onClose }: { lead: LeadListItem; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const [kind, setKind] = useState<Kind>('call');
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const log = useMutation(
    trpc.tracking.logInteraction.mutationOptions({
      onSuccess: async () => {
        notifySuccess(SAVED[kind], lead.name);
        onClose();
        await refresh();
      },
      onError: (failure) => notifyError('No se pudo registrar', serverMessage(failure, 'Error al registrar')),
    }),
  );
  const submit = () => {
    // The same schema the server parses: a call without its outcome is refused here first.
    const parsed = logInteractionSchema.safeParse(kind === 'call' ? { kind, outcome: outcome ?? undefined, note } : { kind, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Datos inválidos');
      return;
    }
    setError(null);
    log.mutate({ leadId: lead.id, interaction: parsed.data });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">
          Lead: <strong>{lead.name}</strong>
        </Text>
        <ChoiceSwitch aria-label="Qué registrar" data={KIND_OPTIONS} value={kind} onChange={setKind} fullWidth />
        {kind === 'call' ? (
          <Radio.Group
            label="Resultado"
            withAsterisk
            value={outcome}
            onChange={(value) => {
              setOutcome(value);
              setError(null);
            }}
            error={error}
          >
            <Stack gap={6} mt={6}>
              {CALL_OUTCOMES.map((value) => (
                <Radio key={value} value={value} label={CALL_OUTCOME_LABELS[value]} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <Textarea
          label="Nota (Opcional)"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={INTERACTION_NOTE_MAX}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={log.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={log.isPending}>
            Registrar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
