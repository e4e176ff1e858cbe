/**
 * 'Configuración → Campos personalizados' (admin; docs/custom-fields.md): the lead fields or the
 * contact fields in their order, a form to define one, and per field: move up or down, archive
 * (its values stay) or restore.
 */
import {
  CHOICE_TYPES,
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomFieldDefinition,
  type CustomFieldEntity,
  type CustomFieldType,
  createCustomFieldSchema,
} from '@crm/domain';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArchive, IconArrowDown, IconArrowUp, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: CUSTOM_FIELD_TYPE_LABELS[type] }));

interface NewFieldValues {
  label: string;
  type: CustomFieldType;
  options: string[];
  required: boolean;
}

const EMPTY: NewFieldValues = { label: '', type: 'text', options: [], required: false };

/** A record of each entity, as the form's 'Obligatorio al crear …' names it. */
const RECORD_NAMES: Record<CustomFieldEntity, string> = { lead: 'un lead', contact: 'un contacto' };

function useFieldsChanged() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Every screen's fields, and the lead lists whose columns and values follow them; the saved views
  // too, whose filters by a field archived or with an option gone the server now leaves out.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.customFields.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.savedViews.list.queryKey() }),
    ]);
}

function NewFieldForm({ entity }: { entity: CustomFieldEntity }) {
  const trpc = useTRPC();
  const changed = useFieldsChanged();
  const form = useForm<NewFieldValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(createCustomFieldSchema, { sync: true }),
  });
  const create = useMutation(
    trpc.customFields.create.mutationOptions({
      onSuccess: async (field) => {
        notifySuccess(
          'Campo creado',
          field.entity === 'lead'
            ? `«${field.label}» ya está en los formularios y la tabla.`
            : `«${field.label}» ya está en el formulario de contactos.`,
        );
        form.reset();
        await changed();
      },
      onError: (error) => notifyError('No se pudo crear el campo', serverMessage(error, 'Error al crear el campo')),
    }),
  );
  const withOptions = CHOICE_TYPES.includes(form.values.type);
  return (
    <Paper withBorder p="md" radius="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => create.mutate({ ...values, entity, options: withOptions ? values.options : [] }))}
        aria-label="Nuevo campo"
      >
        <Stack gap="sm">
          <Title order={2} size="h5">
            Nuevo campo
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Nombre" placeholder="Ej. Provincia" withAsterisk miw={200} {...form.getInputProps('label')} />
            <Select
              label="Tipo"
              data={TYPE_OPTIONS}
              allowDeselect={false}
              miw={200}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('type')}
            />
          </Group>
          {withOptions ? (
            <TagsInput label="Opciones" description="Escribe cada opción y pulsa Enter" withAsterisk {...form.getInputProps('options')} />
          ) : null}
          <Checkbox label={`Obligatorio al crear ${RECORD_NAMES[entity]}`} {...form.getInputProps('required', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Crear campo
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** `above` / `below`: the active neighbours, whose place a move takes (archived fields keep places too). */
function FieldRow({ field, above, below }: { field: CustomFieldDefinition; above?: CustomFieldDefinition; below?: CustomFieldDefinition }) {
  const trpc = useTRPC();
  const changed = useFieldsChanged();
  const update = useMutation(
    trpc.customFields.update.mutationOptions({
      onSuccess: async (updated, input) => {
        if (input.data.archived !== undefined) notifySuccess(updated.archived ? 'Campo archivado' : 'Campo recuperado');
        await changed();
      },
      onError: (error) => notifyError('No se pudo guardar el campo', serverMessage(error, 'Error al guardar el campo')),
    }),
  );
  const move = (neighbour: CustomFieldDefinition | undefined) =>
    neighbour && update.mutate({ id: field.id, data: { position: neighbour.position } });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="custom-field-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} c={field.archived ? 'dimmed' : undefined}>
              {field.label}
            </Text>
            <Badge variant="light" color="gray">
              {CUSTOM_FIELD_TYPE_LABELS[field.type]}
            </Badge>
            {field.required ? <Badge variant="light">Obligatorio</Badge> : null}
            {field.archived ? <Badge color="gray">Archivado</Badge> : null}
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            Clave: {field.key}
            {field.options.length > 0 ? ` · ${field.options.join(', ')}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {field.archived ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRestore size={14} />}
              onClick={() => update.mutate({ id: field.id, data: { archived: false } })}
            >
              Recuperar
            </Button>
          ) : (
            <>
              <ActionIcon variant="default" aria-label={`Subir ${field.label}`} disabled={!above} onClick={() => move(above)}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon variant="default" aria-label={`Bajar ${field.label}`} disabled={!below} onClick={() => move(below)}>
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                color="red"
                aria-label={`Archivar ${field.label}`}
                onClick={() => update.mutate({ id: field.id, data: { archived: true } })}
              >
                <IconArchive size={16} />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

function EntityFields({ entity }: { entity: CustomFieldEntity }) {
  const trpc = useTRPC();
  const fields = useQuery(trpc.customFields.list.queryOptions({ entity, includeArchived: true }));
  if (fields.isPending) return <PageLoader label="Cargando campos..." />;
  if (fields.isError) return <LoadError title="No se pudieron cargar los campos" query={fields} />;
  const active = fields.data.filter((field) => !field.archived);
  const archived = fields.data.filter((field) => field.archived);
  return (
    <>
      <NewFieldForm entity={entity} />
      {active.length === 0 ? (
        <Text c="dimmed">
          {entity === 'lead'
            ? "Aún no hay campos de leads: crea el primero arriba, o con '+ Crear campo' al importar."
            : 'Aún no hay campos de contactos: crea el primero arriba.'}
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Campos activos">
          {active.map((field, index) => (
            <FieldRow key={field.id} field={field} above={active[index - 1]} below={active[index + 1]} />
          ))}
        </Stack>
      )}
      {archived.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h6" c="dimmed">
            Archivados (sus valores se conservan)
          </Title>
          {archived.map((field) => (
            <FieldRow key={field.id} field={field} />
          ))}
        </Stack>
      ) : null}
    </>
  );
}

export function CustomFieldsPanel() {
  const [entity, setEntity] = useState<CustomFieldEntity>('lead');
  return (
    <Stack maw={820}>
      <ChoiceSwitch
        aria-label="Campos de"
        value={entity}
        onChange={setEntity}
        data={[
          { value: 'lead', label: 'Leads' },
          { value: 'contact', label: 'Contactos' },
        ]}
      />
      <EntityFields key={entity} entity={entity} />
    </Stack>
  );
}
