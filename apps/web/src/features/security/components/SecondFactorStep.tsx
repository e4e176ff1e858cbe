/** The login's second step: a code from the authenticator app, or one of the recovery codes. */
import { TWO_FACTOR_MESSAGES } from '@crm/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isServerFailure, serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function SecondFactorStep({ challenge, onCancel }: { challenge: string; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const verify = useMutation(
    trpc.auth.loginSecondFactor.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Login exitoso', 'Redirigiendo al dashboard...');
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
      onError: (error) => {
        setCode('');
        // A spent or expired challenge cannot be retried: back to the password, with the reason.
        if (serverMessage(error, '') === TWO_FACTOR_MESSAGES.challengeExpired) onCancel();
        if (isServerFailure(error)) notifyError('Error', 'Error en el servidor. Intenta de nuevo.');
        else notifyError('Error de verificación', serverMessage(error, 'Código de verificación incorrecto'));
      },
    }),
  );
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!code.trim()) {
      notifyError('Error', 'Introduce el código de verificación');
      return;
    }
    verify.mutate({ challenge, code });
  };
  const busy = verify.isPending || verify.isSuccess;
  const switchMode = () => {
    setUseRecovery((value) => !value);
    setCode('');
  };
  return (
    <Stack component="form" onSubmit={submit} gap="md">
      {useRecovery ? (
        <TextInput
          label="Código de recuperación"
          description="Uno de los códigos que guardaste al activar la autenticación en dos pasos. Cada código sirve una sola vez."
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoFocus
          value={code}
          disabled={busy}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          label="Código de verificación"
          description="Escribe el código de 6 dígitos que muestra tu aplicación de autenticación."
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          value={code}
          disabled={busy}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCode(value);
            // Six digits are the whole code: no need to press a button (an app's autofill included).
            if (/^\d{6}$/.test(value.replace(/\s/g, ''))) verify.mutate({ challenge, code: value });
          }}
        />
      )}
      <Button type="submit" fullWidth disabled={busy}>
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <Stack gap={4} align="center">
        <Anchor component="button" type="button" size="sm" onClick={switchMode} disabled={busy}>
          {useRecovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel} disabled={busy}>
          Volver al inicio de sesión
        </Anchor>
      </Stack>
    </Stack>
  );
}
