/** 'Crear Nuevo Rol Personalizado' and 'Editar Rol': the identifier is set once, at creation. */
import {
  type CustomRole,
  DEFAULT_ROLE_COLOR,
  DISTRIBUTION_RULE_OPTIONS,
  type DistributionRule,
  createCustomRoleSchema,
  updateCustomRoleSchema,
} from '@crm/domain';
import { Button, ColorInput, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

interface RoleValues {
  name: string;
  displayName: string;
  description: string;
  color: string;
  distribution: DistributionRule;
}

const SWATCHES = ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#64748b'];

/** `role` undefined: closed; null: creating; a role: editing it. */
export function RoleFormDialog({ role, onClose }: { role: CustomRole | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={role !== undefined} onClose={onClose} title={role ? 'Editar Rol' : 'Crear Nuevo Rol Personalizado'} centered>
      {role !== undefined ? <RoleForm key={role?.id ?? 'new'} role={role} onDone={onClose} /> : null}
    </Modal>
  );
}

function RoleForm({ role, onDone }: { role: CustomRole | null; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const editing = role !== null;
  const form = useForm<RoleValues>({
    mode: 'controlled',
    initialValues: {
      name: role?.name ?? '',
      displayName: role?.displayName ?? '',
      description: role?.description ?? '',
      color: role?.color ?? DEFAULT_ROLE_COLOR,
      distribution: role?.distribution ?? 'none',
    },
    validate: schemaResolver(editing ? updateCustomRoleSchema : createCustomRoleSchema, { sync: true }),
  });
  const done = async (title: string) => {
    notifySuccess(title);
    onDone();
    await refresh();
  };
  const create = useMutation(
    trpc.customRoles.create.mutationOptions({
      onSuccess: () => done('Rol creado'),
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo crear el rol.')),
    }),
  );
  const update = useMutation(
    trpc.customRoles.update.mutationOptions({
      onSuccess: () => done('Rol actualizado'),
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo actualizar el rol.')),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    if (role) {
      const parsed = updateCustomRoleSchema.safeParse(values);
      if (parsed.success) update.mutate({ id: role.id, data: parsed.data });
    } else {
      const parsed = createCustomRoleSchema.safeParse(values);
      if (parsed.success) create.mutate(parsed.data);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Identificador"
          placeholder="tecnico"
          description="Letras minúsculas, números y guion bajo"
          withAsterisk={!editing}
          disabled={editing}
          {...form.getInputProps('name')}
        />
        <TextInput label="Nombre visible" placeholder="Técnico" withAsterisk {...form.getInputProps('displayName')} />
        <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
        <ColorInput
          label="Color"
          format="hex"
          swatches={SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': 'Tomar un color de la pantalla' }}
          {...form.getInputProps('color')}
        />
        {editing ? (
          <Select
            label="Reparto automático"
            description="Cómo se reparten los leads asignados a esta especialización entre sus miembros disponibles"
            data={DISTRIBUTION_RULE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('distribution')}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Guardar Cambios' : 'Crear Rol'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
