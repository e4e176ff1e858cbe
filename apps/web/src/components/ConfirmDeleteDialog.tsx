/** The one confirmation dialog before a deletion: a message, Cancelar, and a red confirm button. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  /** What goes, in a sentence; shown as text. */
  children: ReactNode;
  /** Choices that come with the deletion (fields), below the sentence. */
  extra?: ReactNode;
  confirmLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  extra,
  confirmLabel = 'Eliminar',
  pending,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text>{children}</Text>
        {extra}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
