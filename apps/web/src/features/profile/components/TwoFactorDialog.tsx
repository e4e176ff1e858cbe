/** 'Autenticación 2FA': set it up, or see it is on and turn it off (password + a code). */
import {
  type DisableTwoFactorInput,
  disableTwoFactorSchema,
  type RegenerateRecoveryCodesInput,
  regenerateRecoveryCodesSchema,
} from '@crm/domain';
import { Badge, Button, Divider, Group, Modal, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { RecoveryCodesPanel } from '../../security/components/RecoveryCodesPanel';
import { TwoFactorEnrolment } from '../../security/components/TwoFactorEnrolment';

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const trpc = useTRPC();
  const form = useForm<DisableTwoFactorInput>({
    initialValues: { password: '', code: '' },
    validate: schemaResolver(disableTwoFactorSchema, { sync: true }),
  });
  const disable = useMutation(
    trpc.auth.twoFactor.disable.mutationOptions({
      onSuccess: () => {
        notifySuccess('Autenticación 2FA desactivada');
        form.reset();
        onDisabled();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo desactivar la autenticación 2FA')),
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => disable.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Para desactivarla, confirma tu contraseña y un código de la aplicación (o de recuperación).
        </Text>
        <PasswordInput label="Contraseña" autoComplete="current-password" key={form.key('password')} {...form.getInputProps('password')} />
        <TextInput
          label="Código de verificación o de recuperación"
          autoComplete="one-time-code"
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>
          Desactivar 2FA
        </Button>
      </Stack>
    </form>
  );
}

/** New recovery codes (the old ones stop working), for a current code; shown once like the first ones. */
function RegenerateCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const form = useForm<RegenerateRecoveryCodesInput>({
    initialValues: { code: '' },
    validate: schemaResolver(regenerateRecoveryCodesSchema, { sync: true }),
  });
  const regenerate = useMutation(
    trpc.auth.twoFactor.regenerateRecoveryCodes.mutationOptions({
      onSuccess: (answer) => {
        form.reset();
        onCodes(answer.recoveryCodes);
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudieron generar los códigos')),
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => regenerate.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          ¿Te quedan pocos códigos de recuperación o los perdiste? Genera otros 10: los anteriores dejarán de servir.
        </Text>
        <TextInput label="Código de verificación" autoComplete="one-time-code" key={form.key('code')} {...form.getInputProps('code')} />
        <Button type="submit" variant="default" loading={regenerate.isPending}>
          Generar nuevos códigos
        </Button>
      </Stack>
    </form>
  );
}

export function TwoFactorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery({ ...trpc.auth.twoFactor.status.queryOptions(), enabled: opened });
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactor.status.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  };
  const body = () => {
    if (!status.data)
      return status.isError ? <Text c="red">No se pudo cargar el estado de la autenticación 2FA.</Text> : <Skeleton h={120} />;
    if (!status.data.enabled) {
      return (
        <TwoFactorEnrolment
          onDone={() => {
            void refresh();
            onClose();
          }}
        />
      );
    }
    if (newCodes) {
      return (
        <RecoveryCodesPanel
          codes={newCodes}
          onDone={() => {
            setNewCodes(null);
            void refresh();
          }}
        />
      );
    }
    return (
      <Stack>
        <Group gap="xs">
          <Badge color="teal">Activada</Badge>
          <Text size="sm" c="dimmed">
            {status.data.recoveryCodesLeft} códigos de recuperación sin usar
          </Text>
        </Group>
        {status.data.required ? (
          <Text size="sm">Tu rol exige la autenticación en dos pasos: no se puede desactivar.</Text>
        ) : (
          <DisableForm onDisabled={() => void refresh()} />
        )}
        <Divider />
        <RegenerateCodesForm onCodes={setNewCodes} />
      </Stack>
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setNewCodes(null);
        void refresh();
        onClose();
      }}
      // A click beside the dialog must not hide recovery codes shown only once.
      closeOnClickOutside={false}
      title="Autenticación en dos pasos (2FA)"
      centered
    >
      {body()}
    </Modal>
  );
}
