/**
 * 'Configuración → WhatsApp' (admin; docs/whatsapp.md): the Cloud API connection. The token and the
 * app secret are write-only (the server keeps them sealed); the webhook's address and verify token
 * are shown to paste into Meta's console; 'Probar conexión' and the template sync call Meta.
 */
import { type UpdateWhatsAppSettings, type WhatsAppSettings, updateWhatsAppSettingsSchema } from '@crm/domain';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

type Values = Omit<UpdateWhatsAppSettings, 'distributionRoleId'> & { distributionRoleId: string | null };

function valuesOf(settings: WhatsAppSettings): Values {
  return {
    phoneNumberId: settings.phoneNumberId,
    businessAccountId: settings.businessAccountId,
    accessToken: '',
    appSecret: '',
    graphBaseUrl: settings.graphBaseUrl,
    graphVersion: settings.graphVersion,
    distributionRoleId: settings.distributionRoleId === null ? null : String(settings.distributionRoleId),
  };
}

function toInput(values: Values): UpdateWhatsAppSettings {
  return { ...values, distributionRoleId: values.distributionRoleId === null ? null : Number(values.distributionRoleId) };
}

function ConnectionForm({ settings }: { settings: WhatsAppSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const roles = useQuery(trpc.customRoles.list.queryOptions());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: (values) => schemaResolver(updateWhatsAppSettingsSchema, { sync: true })(toInput(values)),
  });
  const save = useMutation(
    trpc.whatsapp.saveSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.whatsapp.settings.queryKey(), saved);
        form.setValues({ accessToken: '', appSecret: '' });
        notifySuccess('Conexión de WhatsApp guardada');
      },
      onError: (error) => notifyError('No se pudo guardar', serverMessage(error, 'Error al guardar la conexión')),
    }),
  );
  const nullable = (value: string | null) => (value?.trim() ? value.trim() : null);
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          toInput({ ...values, phoneNumberId: nullable(values.phoneNumberId), businessAccountId: nullable(values.businessAccountId) }),
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Identificador del número de teléfono"
          {...form.getInputProps('phoneNumberId')}
          value={form.values.phoneNumberId ?? ''}
        />
        <TextInput
          label="Identificador de la cuenta de WhatsApp Business"
          {...form.getInputProps('businessAccountId')}
          value={form.values.businessAccountId ?? ''}
        />
        <PasswordInput
          label="Token de acceso"
          description={
            settings.hasAccessToken
              ? 'Guardado cifrado: escribe uno nuevo solo para cambiarlo'
              : 'El token permanente de un usuario del sistema'
          }
          autoComplete="off"
          {...form.getInputProps('accessToken')}
        />
        <PasswordInput
          label="Secreto de la app"
          description={
            settings.hasAppSecret ? 'Guardado cifrado: escribe uno nuevo solo para cambiarlo' : 'Firma las notificaciones que envía Meta'
          }
          autoComplete="off"
          {...form.getInputProps('appSecret')}
        />
        <Group grow align="flex-start">
          <TextInput label="Dirección de la API Graph" {...form.getInputProps('graphBaseUrl')} />
          <TextInput label="Versión" {...form.getInputProps('graphVersion')} />
        </Group>
        <Select
          label="Reparto de los leads nuevos"
          description="La especialización cuya regla de reparto recibe los leads que crea un mensaje nuevo"
          placeholder="Sin asignar"
          clearable
          data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.displayName }))}
          {...form.getInputProps('distributionRoleId')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WebhookDetails({ settings }: { settings: WhatsAppSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const address = `${window.location.origin}/api/whatsapp/webhook`;
  const renew = useMutation(
    trpc.whatsapp.renewVerifyToken.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.whatsapp.settings.queryKey(), saved),
      onError: (error) => notifyError('No se pudo generar el token', serverMessage(error, 'Error')),
    }),
  );
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Webhook
      </Title>
      <Text size="sm">Pega estos dos valores en el panel de Meta (WhatsApp → Configuración → Webhook) y suscribe el campo «messages».</Text>
      {[
        { label: 'URL de devolución de llamada', value: address },
        { label: 'Token de verificación', value: settings.verifyToken },
      ].map((item) => (
        <Stack key={item.label} gap={2}>
          <Text size="sm" fw={600}>
            {item.label}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>{item.value}</Code>
            <CopyButton value={item.value}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copiar ${item.label}`}>
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ))}
      <Group>
        <Button size="xs" variant="default" loading={renew.isPending} onClick={() => renew.mutate()}>
          Generar otro token
        </Button>
      </Group>
    </Stack>
  );
}

function ConnectionChecks({ settings }: { settings: WhatsAppSettings }) {
  const trpc = useTRPC();
  const test = useMutation(trpc.whatsapp.testConnection.mutationOptions());
  const sync = useMutation(trpc.whatsapp.syncTemplates.mutationOptions());
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="light" disabled={!settings.configured} loading={test.isPending} onClick={() => test.mutate()}>
          Probar conexión
        </Button>
        <Button
          variant="light"
          disabled={!settings.configured || !settings.businessAccountId}
          loading={sync.isPending}
          onClick={() => sync.mutate()}
        >
          Sincronizar plantillas
        </Button>
      </Group>
      {test.data ? (
        <Alert color="teal" title="Conexión correcta" data-testid="whatsapp-connection-ok">
          {test.data.verifiedName ?? 'Número'} · {test.data.displayPhoneNumber ?? '—'} · calidad {test.data.qualityRating ?? '—'}
        </Alert>
      ) : null}
      {test.error ? (
        <Alert color="red" title="La conexión falló">
          {serverMessage(test.error, 'Error')}
        </Alert>
      ) : null}
      {sync.error ? (
        <Alert color="red" title="No se pudieron traer las plantillas">
          {serverMessage(sync.error, 'Error')}
        </Alert>
      ) : null}
      {sync.data ? (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plantilla</Table.Th>
                <Table.Th>Idioma</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sync.data.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>{template.name}</Table.Td>
                  <Table.Td>{template.language}</Table.Td>
                  <Table.Td>
                    <Badge color={template.status === 'APPROVED' ? 'teal' : 'gray'} variant="light">
                      {template.status === 'APPROVED' ? 'Aprobada' : template.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

export function WhatsAppSettingsPanel() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.whatsapp.settings.queryOptions());
  if (settings.isPending) return <PageLoader label="Cargando conexión de WhatsApp..." />;
  if (settings.isError) return <LoadError title="No se pudo cargar la conexión de WhatsApp" query={settings} />;
  return (
    <Stack gap="lg" maw={720}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              WhatsApp Business (Cloud API)
            </Title>
            <Badge color={settings.data.configured ? 'teal' : 'gray'}>{settings.data.configured ? 'Conectado' : 'Sin configurar'}</Badge>
          </Group>
          <ConnectionForm settings={settings.data} />
          <ConnectionChecks settings={settings.data} />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <WebhookDetails settings={settings.data} />
      </Paper>
    </Stack>
  );
}
