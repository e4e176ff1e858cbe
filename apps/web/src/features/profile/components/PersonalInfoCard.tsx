/** 'Información Personal': the profile form, saved for real (PUT /api/users/{own id}). */
import { type ProfileForm, profileFormSchema } from '@crm/domain';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function PersonalInfoCard() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const initialValues: ProfileForm = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    bio: user.bio ?? '',
  };
  const form = useForm<ProfileForm>({ initialValues, validate: schemaResolver(profileFormSchema, { sync: true }) });
  const save = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), (current) => current && { ...current, ...updated });
        form.resetDirty();
        notifySuccess('Perfil actualizado', 'Tus datos se guardaron correctamente.');
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo actualizar el perfil')),
    }),
  );

  return (
    <Card>
      <form
        onSubmit={form.onSubmit((values) => {
          const data = profileFormSchema.parse(values);
          save.mutate({ id: user.id, data });
        })}
        onReset={() => form.setValues(initialValues)}
        // The shared schema gives the Spanish messages ('Email inválido'), not the browser's own bubbles.
        noValidate
      >
        <Stack>
          <Title order={2} size="h4">
            Información Personal
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" withAsterisk key={form.key('firstName')} {...form.getInputProps('firstName')} />
            <TextInput label="Apellidos" withAsterisk key={form.key('lastName')} {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
            <TextInput label="Teléfono" placeholder="+34 600 000 000" key={form.key('phone')} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Textarea
            label="Biografía"
            placeholder="Cuéntale a tu equipo sobre ti"
            autosize
            minRows={3}
            key={form.key('bio')}
            {...form.getInputProps('bio')}
          />
          <Group justify="flex-end">
            <Button type="reset" variant="default" disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar Cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
