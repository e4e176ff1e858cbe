/**
 * 'Fusionar con…': pick the other lead (the palette's search), choose each differing field's value
 * side by side, confirm; the other lead is absorbed into this one and its page is this lead's.
 */
import type { LeadListItem, LeadMergeField, LeadMergeSide } from '@crm/domain';
import { Alert, Button, Group, Loader, Modal, Radio, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useLeadDeleted, useLeadWritten } from '../../leads/hooks/lead-events';
import { usePaletteSearch } from '../../search/hooks/usePaletteSearch';
import { type MergeRow, mergeRows } from '../merge-fields';
import classes from './MergeLeadDialog.module.css';

function OtherLeadSearch({ lead, onPick }: { lead: LeadListItem; onPick: (id: number) => void }) {
  const [query, setQuery] = useState('');
  const { results, searching } = usePaletteSearch(query);
  const candidates = results.leads.filter((found) => found.id !== lead.id);
  return (
    <Stack gap="xs">
      <TextInput
        label="Lead a fusionar"
        description="Busca por nombre, email o teléfono"
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size="xs" /> : null}
        value={query}
        data-autofocus
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <Stack gap={4} role="list" aria-label="Leads encontrados">
        {candidates.map((found) => (
          <UnstyledButton key={found.id} role="listitem" className={classes.candidate} onClick={() => onPick(found.id)}>
            <Text fw={600} size="sm">
              {found.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[found.email, found.phone].filter(Boolean).join(' · ') || 'Sin email ni teléfono'}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}

interface FieldChooserProps {
  row: MergeRow;
  otherName: string;
  value: LeadMergeSide;
  onChange: (side: LeadMergeSide) => void;
}

function FieldChooser({ row, otherName, value, onChange }: FieldChooserProps) {
  return (
    <Radio.Group label={row.label} value={value} onChange={(side) => onChange(side)}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
        <Radio value="this" label={row.survivor ?? '—'} description="De este lead" classNames={{ label: classes.value }} />
        <Radio value="other" label={row.other ?? '—'} description={`De «${otherName}»`} classNames={{ label: classes.value }} />
      </SimpleGrid>
    </Radio.Group>
  );
}

function MergeChooser({ lead, other, onDone }: { lead: LeadListItem; other: LeadListItem; onDone: () => void }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const written = useLeadWritten();
  const deleted = useLeadDeleted();
  const rows = mergeRows(lead, other, useTeamFormat().settings.country);
  const [choice, setChoice] = useState<Partial<Record<LeadMergeField, LeadMergeSide>>>(() =>
    Object.fromEntries(rows.map((row) => [row.field, row.initial])),
  );
  const merge = useMutation(
    trpc.leads.merge.mutationOptions({
      onSuccess: async (survivor) => {
        notifySuccess('Leads fusionados', `«${other.name}» forma parte ahora de «${survivor.name}»`);
        onDone();
        await navigate(`/leads/${survivor.id}`);
        deleted(other.id);
        written(survivor);
      },
    }),
  );
  return (
    <Stack>
      <Text size="sm">Elige qué valor se queda en cada campo que difiere.</Text>
      {rows.map((row) => (
        <FieldChooser
          key={row.field}
          row={row}
          otherName={other.name}
          value={choice[row.field] ?? 'this'}
          onChange={(side) => setChoice((previous) => ({ ...previous, [row.field]: side }))}
        />
      ))}
      <Text size="sm" c="dimmed">
        {rows.length === 0 ? 'Los dos leads tienen los mismos datos. ' : 'Los demás campos coinciden. '}«{other.name}» se eliminará; su
        seguimiento, notas, seguimientos programados e historial pasarán a «{lead.name}».
      </Text>
      {merge.error ? (
        <Alert color="red" role="alert" title="No se pudo fusionar">
          {serverMessage(merge.error, 'Error al fusionar los leads')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button loading={merge.isPending} onClick={() => merge.mutate({ id: lead.id, otherId: other.id, fields: choice })}>
          Fusionar
        </Button>
      </Group>
    </Stack>
  );
}

interface MergeLeadDialogProps {
  lead: LeadListItem;
  opened: boolean;
  onClose: () => void;
  /** Preselected other lead (a duplicate's 'Fusionar'); otherwise the dialog starts with the search. */
  initialOtherId?: number | null;
}

export function MergeLeadDialog({ lead, opened, onClose, initialOtherId = null }: MergeLeadDialogProps) {
  const trpc = useTRPC();
  const [picked, setPicked] = useState<number | null>(null);
  const otherId = picked ?? initialOtherId;
  const other = useQuery({ ...trpc.leads.byId.queryOptions({ id: otherId ?? 0 }), enabled: opened && otherId !== null });
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Fusionar «${lead.name}» con…`} size="lg">
      {otherId === null ? (
        <OtherLeadSearch lead={lead} onPick={setPicked} />
      ) : other.data ? (
        <MergeChooser key={other.data.id} lead={lead} other={other.data} onDone={close} />
      ) : other.isError ? (
        <Alert color="red" role="alert" title="No se pudo cargar el otro lead">
          {serverMessage(other.error, 'Error al cargar el lead')}
        </Alert>
      ) : (
        <Loader size="sm" aria-label="Cargando lead" />
      )}
    </Modal>
  );
}
