/**
 * 'Nuevo token de API': a name, what it may do and how long it lives; then the secret, shown this
 * once with a copy button and a warning, since the server keeps only its hash.
 */
import { API_TOKEN_LIMITS, API_TOKEN_SCOPE_LABELS, type ApiTokenScope, type CreatedApiToken, createApiTokenSchema } from '@crm/domain';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIFETIMES = [
  { value: '30', label: '30 días' },
  { value: '90', label: '90 días' },
  { value: '365', label: '1 año' },
  { value: 'never', label: 'Sin caducidad' },
];
const SCOPES = (Object.keys(API_TOKEN_SCOPE_LABELS) as ApiTokenScope[]).map((scope) => ({
  value: scope,
  label: API_TOKEN_SCOPE_LABELS[scope],
}));

/** The instant a lifetime chosen now ends at (null: never). */
function expiryOf(lifetime: string): Date | null {
  return lifetime === 'never' ? null : new Date(Date.now() + Number(lifetime) * DAY_MS);
}

interface TokenValues {
  name: string;
  scope: ApiTokenScope;
  lifetime: string;
}

export function CreateApiTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Token creado' : 'Nuevo token de API'}
      centered
      // The secret must not vanish with a stray click outside before it is copied.
      closeOnClickOutside={!created}
    >
      {created ? <CreatedToken token={created} onDone={close} /> : opened ? <TokenForm onCreated={setCreated} onCancel={close} /> : null}
    </Modal>
  );
}

function TokenForm({ onCreated, onCancel }: { onCreated: (token: CreatedApiToken) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<TokenValues>({
    mode: 'controlled',
    initialValues: { name: '', scope: 'read', lifetime: '90' },
    validate: schemaResolver(createApiTokenSchema.pick({ name: true, scope: true }), { sync: true }),
  });
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (token) => {
        onCreated(token);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo crear el token.')),
    }),
  );
  const submit = form.onSubmit((values) => {
    create.mutate({ name: values.name, scope: values.scope, expiresAt: expiryOf(values.lifetime) });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Nombre"
          description="Para reconocerlo después: qué programa lo usa"
          placeholder="Integración con la web"
          maxLength={API_TOKEN_LIMITS.name}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select
          label="Permisos"
          description="Un token de solo lectura no puede crear, cambiar ni borrar nada"
          data={SCOPES}
          allowDeselect={false}
          {...form.getInputProps('scope')}
        />
        <Select label="Caducidad" data={LIFETIMES} allowDeselect={false} {...form.getInputProps('lifetime')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" icon={<IconAlertTriangle />} title="Cópialo ahora">
        Este token no se volverá a mostrar. Guárdalo en un lugar seguro: quien lo tenga actúa en tu nombre.
      </Alert>
      <TextInput
        label={`Token «${token.name}»`}
        value={token.token}
        readOnly
        ff="monospace"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Text size="xs" c="dimmed">
        Envíalo en la cabecera <code>Authorization: Bearer …</code> de cada solicitud a la API.
      </Text>
      <Group justify="flex-end">
        <CopyButton value={token.token}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : 'blue'}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copiado' : 'Copiar token'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Hecho</Button>
      </Group>
    </Stack>
  );
}
