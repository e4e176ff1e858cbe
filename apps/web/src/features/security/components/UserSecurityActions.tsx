/** An admin's security actions on a person in the users list: 'Restablecer 2FA' and 'Crear enlace de contraseña'. */
import { type PasswordResetLink, type User, can, fullName } from '@crm/domain';
import { ActionIcon, Button, CopyButton, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconKey, IconShieldOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

function ResetLinkDialog({ name, link, onClose }: { name: string; link: PasswordResetLink | null; onClose: () => void }) {
  const format = useTeamFormat();
  return (
    <Modal opened={link !== null} onClose={onClose} title="Enlace para restablecer la contraseña" centered>
      {link ? (
        <Stack>
          <Text size="sm">
            Entrega este enlace a {name} por un canal de confianza. Sirve una sola vez y caduca el {format.dateTime(link.expiresAt)}.
          </Text>
          <TextInput label="Enlace" value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copiado' : 'Copiar enlace'}</Button>}
            </CopyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function UserSecurityActions({ user }: { user: User }) {
  const trpc = useTRPC();
  const actor = useCurrentUser();
  const refreshPeople = useRefreshPeople();
  const name = fullName(user.firstName, user.lastName);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const reset = useMutation(
    trpc.auth.twoFactor.reset.mutationOptions({
      onSuccess: async () => {
        notifySuccess('2FA restablecida', `${name} podrá entrar solo con su contraseña y volver a activarla.`);
        setConfirmingReset(false);
        await refreshPeople();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo restablecer la autenticación 2FA')),
    }),
  );
  const createLink = useMutation(
    trpc.auth.passwordReset.createLink.mutationOptions({
      onSuccess: setLink,
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo crear el enlace')),
    }),
  );
  return (
    <>
      {user.twoFactorEnabled && can(actor, 'user.resetSecondFactor', user) ? (
        <Tooltip label="Restablecer 2FA">
          <ActionIcon variant="subtle" color="orange" aria-label={`Restablecer 2FA de ${name}`} onClick={() => setConfirmingReset(true)}>
            <IconShieldOff size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {can(actor, 'user.createPasswordResetLink', user) ? (
        <Tooltip label="Crear enlace de contraseña">
          <ActionIcon
            variant="subtle"
            aria-label={`Crear enlace de contraseña para ${name}`}
            loading={createLink.isPending}
            onClick={() => createLink.mutate({ id: user.id })}
          >
            <IconKey size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <ConfirmDeleteDialog
        opened={confirmingReset}
        title="Restablecer 2FA"
        confirmLabel="Restablecer 2FA"
        pending={reset.isPending}
        onConfirm={() => reset.mutate({ id: user.id })}
        onClose={() => setConfirmingReset(false)}
      >
        {`Se quitará la autenticación en dos pasos de ${name} y sus códigos de recuperación. Podrá entrar solo con su contraseña.`}
      </ConfirmDeleteDialog>
      <ResetLinkDialog name={name} link={link} onClose={() => setLink(null)} />
    </>
  );
}
