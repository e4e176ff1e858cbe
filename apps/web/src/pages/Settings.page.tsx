/** 'Configuración' (admin): the team settings of docs/settings.md, editable at any time. */
import { Paper } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { TeamSettingsForm } from '../features/settings/components/TeamSettingsForm';
import { useTeamSettings } from '../lib/useTeamFormat';

function SettingsScreen() {
  const { configured: _configured, offerSetup: _offerSetup, ...settings } = useTeamSettings();
  return (
    <>
      <PageHeader title="Configuración" subtitle="País, moneda, formato, zona horaria y días laborables del equipo" />
      <Paper withBorder p="lg" radius="md" maw={720}>
        {/* Keyed by the saved values: a save elsewhere (the setup dialog) starts the form from them. */}
        <TeamSettingsForm key={JSON.stringify(settings)} initial={settings} submitLabel="Guardar cambios" />
      </Paper>
    </>
  );
}

export default function SettingsPage() {
  return (
    <RoleGate screen="settings">
      <SettingsScreen />
    </RoleGate>
  );
}
