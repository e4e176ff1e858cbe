/**
 * Setting up the second factor: a QR code (drawn by our server) and the key to type by hand, a
 * first code to confirm, then the 10 recovery codes, shown this once.
 */
import type { TwoFactorSetup } from '@crm/domain';
import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** `onDone` runs once the person has seen their recovery codes and said so. */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation(
    trpc.auth.twoFactor.setup.mutationOptions({
      onSuccess: setSetup,
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo iniciar la activación')),
    }),
  );
  const confirm = useMutation(
    trpc.auth.twoFactor.confirm.mutationOptions({
      onSuccess: (answer) => {
        notifySuccess('Autenticación 2FA activada', 'Guarda tus códigos de recuperación.');
        setRecoveryCodes(answer.recoveryCodes);
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'Código de verificación incorrecto')),
    }),
  );

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={onDone} />;

  if (!setup) {
    return (
      <Stack>
        <Text size="sm">
          Además de tu contraseña, al iniciar sesión te pediremos un código de 6 dígitos de una aplicación de autenticación (Google
          Authenticator, Microsoft Authenticator, 1Password, Aegis…).
        </Text>
        <Button leftSection={<IconShieldLock size={16} />} loading={start.isPending} onClick={() => start.mutate()}>
          Comenzar la activación
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ code });
  };
  return (
    <Stack component="form" onSubmit={submit}>
      <Text size="sm">1. Escanea este código QR con tu aplicación de autenticación.</Text>
      <Image src={setup.qrCode} alt="Código QR para añadir la cuenta a tu aplicación de autenticación" w={200} h={200} mx="auto" />
      <Text size="sm">O escribe esta clave a mano:</Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all', flex: 1 }} data-testid="totp-secret">
          {setup.secret}
        </Code>
        <CopyButton value={setup.secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copiada' : 'Copiar clave'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <TextInput
        label="2. Código de verificación"
        description="El código de 6 dígitos que muestra ahora la aplicación"
        placeholder="123456"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
      />
      <Button type="submit" loading={confirm.isPending}>
        Activar 2FA
      </Button>
    </Stack>
  );
}
