/** The profile's photo card: 'Cambiar Foto' opens an upload dialog with a preview. */
import { AVATAR_LIMITS, fullName, isImageType, systemRoleLabel, type User } from '@crm/domain';
import '@mantine/dropzone/styles.css';
import { Button, Card, Group, Image, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { UserAvatar } from '../../../components/UserAvatar';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RestError, uploadForm } from '../../../lib/rest';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

/** The browser-side checks (an image type, at most 5 MB); the server checks the bytes again. */
function checkChosenFile(file: File): boolean {
  if (!isImageType(file.type)) {
    notifyError(AVATAR_LIMITS.messages.invalidTitle, AVATAR_LIMITS.messages.invalid);
    return false;
  }
  if (file.size > AVATAR_LIMITS.maxBytes) {
    notifyError(AVATAR_LIMITS.messages.tooLargeTitle, AVATAR_LIMITS.messages.tooLarge);
    return false;
  }
  return true;
}

/** A data: URL of the chosen image, read in the background; nothing to revoke afterwards. */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // A preview read for an earlier file is never shown for the current one.
  return preview?.file === file ? preview.url : null;
}

function UploadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshPeople = useRefreshPeople();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = usePreviewUrl(file);
  const uploading = progress !== null;

  const close = () => {
    if (uploading) return;
    setFile(null);
    onClose();
  };

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('image', file);
    setProgress(0);
    try {
      const user = await uploadForm<User>('/api/upload-profile-image', form, setProgress);
      // The sidebar and every list read the new photo (the current user is refetched).
      queryClient.setQueryData(trpc.auth.me.queryKey(), (current) => current && { ...current, ...user });
      void refreshPeople();
      notifySuccess('Foto actualizada');
      setFile(null);
      onClose();
    } catch (error) {
      const message = error instanceof RestError ? error.serverMessage : undefined;
      notifyError('Error al subir imagen', message ?? 'No se pudo actualizar la foto de perfil');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Cambiar Foto de Perfil" centered>
      <Stack>
        <Dropzone
          multiple={false}
          onDrop={(files) => {
            const chosen = files[0];
            if (chosen && checkChosenFile(chosen)) setFile(chosen);
          }}
          disabled={uploading}
          aria-label="Seleccionar imagen"
        >
          <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
            {preview ? (
              <Image src={preview} alt="Vista previa" w={140} h={140} radius={999} fit="cover" />
            ) : (
              <IconPhoto size={48} stroke={1.5} color="var(--mantine-color-dimmed)" />
            )}
            <Text size="sm" ta="center">
              {file ? file.name : 'Arrastra una imagen aquí o haz clic para elegirla'}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              JPG, PNG, GIF o WebP · máximo 5 MB
            </Text>
          </Stack>
        </Dropzone>
        {uploading ? <Progress value={progress} animated aria-label="Progreso de la subida" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            Cancelar
          </Button>
          <Button onClick={() => void upload()} disabled={!file} loading={uploading}>
            Subir Foto
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function AvatarCard() {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  return (
    <Card>
      <Stack align="center" gap="xs">
        <Title order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
          Foto de Perfil
        </Title>
        <UserAvatar user={user} size={112} radius={1000} data-testid="profile-avatar" />
        <Text fw={600}>{fullName(user.firstName, user.lastName)}</Text>
        <Text size="sm" c="dimmed">
          {systemRoleLabel(user.systemRole)}
        </Text>
        <Button variant="light" leftSection={<IconCamera size={18} />} onClick={() => setOpened(true)}>
          Cambiar Foto
        </Button>
      </Stack>
      <UploadDialog opened={opened} onClose={() => setOpened(false)} />
    </Card>
  );
}
