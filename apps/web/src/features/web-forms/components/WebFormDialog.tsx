/**
 * 'Crear formulario' and 'Editar formulario': the fields asked (the lead's, the primary contact's and
 * custom ones), in order, and which are required, the category
 * (fixed or the visitor's choice), the role whose rule hands out its leads, the thank-you text or a
 * redirect, the sites allowed to embed and post it, and whether it is active. The API's schema judges.
 */
import {
  LEAD_CATEGORY_OPTIONS,
  WEB_FORM_DEFAULT_THANK_YOU,
  type WebForm,
  type WebFormFieldSetting,
  createWebFormSchema,
} from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { WebFormFieldsEditor } from './WebFormFieldsEditor';

interface FormValues {
  name: string;
  slug: string;
  fields: WebFormFieldSetting[];
  category: string;
  roleId: string;
  thankYouText: string;
  redirectUrl: string;
  origins: string;
  active: boolean;
}

/** Which form field shows the message of each input key the schema refuses. */
const ERROR_FIELD: Record<string, keyof FormValues> = { allowedOrigins: 'origins' };

/** What a new form asks. */
const NEW_FORM_FIELDS: WebFormFieldSetting[] = [
  { field: 'name', required: true },
  { field: 'email', required: false },
  { field: 'phone', required: false },
  { field: 'description', required: false },
];

function initialValues(form: WebForm | null): FormValues {
  return {
    name: form?.name ?? '',
    slug: form?.slug ?? '',
    fields: form?.fields ?? NEW_FORM_FIELDS,
    category: form?.category ?? '',
    roleId: form?.roleId ? String(form.roleId) : '',
    thankYouText: form?.thankYouText ?? WEB_FORM_DEFAULT_THANK_YOU,
    redirectUrl: form?.redirectUrl ?? '',
    origins: form?.allowedOrigins.join('\n') ?? '',
    active: form?.active ?? true,
  };
}

function toInput(values: FormValues) {
  return {
    name: values.name,
    slug: values.slug.trim() || undefined,
    fields: values.fields,
    category: values.category || null,
    roleId: values.roleId ? Number(values.roleId) : null,
    thankYouText: values.thankYouText,
    redirectUrl: values.redirectUrl,
    allowedOrigins: values.origins.split(/[\s,]+/).filter(Boolean),
    active: values.active,
  };
}

/** `form` undefined: closed; null: creating; a form: editing it. */
export function WebFormDialog({ form, onClose }: { form: WebForm | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={form !== undefined} onClose={onClose} title={form ? 'Editar formulario' : 'Crear formulario'} size="lg" centered>
      {form !== undefined ? <WebFormEditor key={form?.id ?? 'new'} form={form} onDone={onClose} /> : null}
    </Modal>
  );
}

function WebFormEditor({ form, onDone }: { form: WebForm | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const roles = useQuery(trpc.customRoles.list.queryOptions());
  const customFields = useQuery(trpc.customFields.list.queryOptions({ entity: 'lead', includeArchived: false }));
  const editor = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(form),
    validate: (values) => {
      const parsed = createWebFormSchema.safeParse(toInput(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'name');
        errors[ERROR_FIELD[key] ?? key] ??= issue.message;
      }
      return errors;
    },
  });
  const done = async (title: string) => {
    notifySuccess(title);
    onDone();
    await queryClient.invalidateQueries({ queryKey: trpc.webForms.list.queryKey() });
  };
  const create = useMutation(
    trpc.webForms.create.mutationOptions({
      onSuccess: () => done('Formulario creado'),
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo crear el formulario.')),
    }),
  );
  const update = useMutation(
    trpc.webForms.update.mutationOptions({
      onSuccess: () => done('Formulario guardado'),
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo guardar el formulario.')),
    }),
  );
  const pending = create.isPending || update.isPending;
  const submit = editor.onSubmit((values) => {
    const parsed = createWebFormSchema.safeParse(toInput(values));
    if (!parsed.success) return;
    if (form) update.mutate({ ...parsed.data, slug: parsed.data.slug ?? form.slug, id: form.id });
    else create.mutate(parsed.data);
  });
  const roleOptions = [
    { value: '', label: 'Sin reparto (quedan sin asignar)' },
    ...(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.displayName })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" placeholder="Contacto web" withAsterisk {...editor.getInputProps('name')} />
        <TextInput
          label="Dirección del formulario"
          description={form ? undefined : 'Opcional: si la dejas vacía se crea a partir del nombre'}
          placeholder="contacto-web"
          {...editor.getInputProps('slug')}
        />
        <WebFormFieldsEditor
          value={editor.values.fields}
          onChange={(fields) => {
            editor.setFieldValue('fields', fields);
            editor.clearFieldError('fields');
          }}
          error={typeof editor.errors['fields'] === 'string' ? editor.errors['fields'] : undefined}
          definitions={customFields.data}
          definitionsFailed={customFields.isError}
        />
        <Select
          label="Categoría de los leads"
          data={[{ value: '', label: 'La elige el visitante' }, ...LEAD_CATEGORY_OPTIONS]}
          allowDeselect={false}
          {...editor.getInputProps('category')}
        />
        <Select
          label="Reparto"
          description="El rol cuyo reparto automático asigna los leads nuevos del formulario"
          data={roleOptions}
          allowDeselect={false}
          {...editor.getInputProps('roleId')}
        />
        <Textarea label="Texto de agradecimiento" withAsterisk autosize minRows={2} {...editor.getInputProps('thankYouText')} />
        <TextInput
          label="Redirigir tras el envío (opcional)"
          description="Si la indicas, el visitante va a esta dirección en lugar de ver el agradecimiento"
          placeholder="https://www.ejemplo.es/gracias"
          {...editor.getInputProps('redirectUrl')}
        />
        <Textarea
          label="Sitios web permitidos"
          description="Uno por línea, p. ej. https://www.ejemplo.es. Solo ellos pueden insertar y enviar el formulario."
          autosize
          minRows={2}
          {...editor.getInputProps('origins')}
        />
        <Switch label="Formulario activo" {...editor.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {form ? 'Guardar cambios' : 'Crear formulario'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
