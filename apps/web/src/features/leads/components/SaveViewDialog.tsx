/** 'Guardar vista': a name for the list's current filters and how to show them (table, cards or the board). */
import { SAVED_VIEW_LIMITS, type SavedViewFilters, type SavedViewMode } from '@crm/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useSavedViews } from '../hooks/useSavedViews';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

const MODE_OPTIONS: { value: SavedViewMode; label: string }[] = [
  { value: 'cards', label: 'Tarjetas' },
  { value: 'table', label: 'Tabla' },
  { value: 'board', label: 'Embudo' },
];

interface SaveViewDialogProps {
  opened: boolean;
  onClose: () => void;
  filters: SavedViewFilters;
  mode: SavedViewMode;
}

export function SaveViewDialog({ opened, onClose, filters, mode }: SaveViewDialogProps) {
  const { create } = useSavedViews();
  const [name, setName] = useState('');
  const [view, setView] = useState<SavedViewMode>(mode);
  const close = () => {
    setName('');
    create.reset();
    onClose();
  };
  const save = () =>
    create.mutate(
      { name, view, filters },
      {
        onSuccess: (saved) => {
          notifySuccess('Vista guardada', `«${saved.name}» aparece sobre la lista`);
          close();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title="Guardar vista" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Guarda los filtros, la pestaña, el orden y la búsqueda actuales. Solo tú verás esta vista.
          </Text>
          <TextInput
            label="Nombre"
            required
            data-autofocus
            maxLength={SAVED_VIEW_LIMITS.name}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={create.error ? serverMessage(create.error, 'No se pudo guardar la vista') : null}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="save-view-mode">
              Mostrar como
            </Text>
            <ChoiceSwitch aria-labelledby="save-view-mode" data={MODE_OPTIONS} value={view} onChange={setView} />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
