/** 'Mi Perfil': personal info, photo, security and notification preferences. */
import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { AvailabilityCard } from '../features/profile/components/AvailabilityCard';
import { AvatarCard } from '../features/profile/components/AvatarCard';
import { NotificationsCard } from '../features/profile/components/NotificationsCard';
import { PersonalInfoCard } from '../features/profile/components/PersonalInfoCard';
import { SecurityCard } from '../features/profile/components/SecurityCard';

export default function ProfilePage() {
  return (
    <>
      <PageHeader title="Mi Perfil" subtitle="Gestiona tu información personal y preferencias" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <PersonalInfoCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <AvatarCard />
            <SecurityCard />
            <AvailabilityCard />
            <NotificationsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
