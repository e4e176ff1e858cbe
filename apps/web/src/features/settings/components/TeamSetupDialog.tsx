/**
 * Offered once, at the first admin's first sign-in while nobody saved the team settings: the team's
 * country, currency, format, zone and working days. 'Ahora no' saves the current defaults, so it is
 * not asked again; everything stays editable under 'Configuración'.
 */
import { Modal, Button, Text } from '@mantine/core';
import { useTeamSettings } from '../../../lib/useTeamFormat';
import { useSaveTeamSettings } from '../hooks/useSaveTeamSettings';
import { TeamSettingsForm } from './TeamSettingsForm';
import { useIsPhone } from '../../../lib/use-is-phone';

export function TeamSetupDialog() {
  const settings = useTeamSettings();
  const keep = useSaveTeamSettings();
  const { configured: _configured, offerSetup, ...current } = settings;
  // On a phone the form is taller than the screen: a full-screen dialog scrolls as a page does.
  const isPhone = useIsPhone();
  return (
    <Modal opened={offerSetup} onClose={() => keep.mutate(current)} title="Configura tu equipo" centered size="lg" fullScreen={isPhone}>
      <Text size="sm" mb="md">
        Elige el país de tu equipo: los teléfonos, la moneda, las fechas y los seguimientos lo seguirán. Puedes cambiarlo luego en
        Configuración.
      </Text>
      <TeamSettingsForm
        initial={current}
        submitLabel="Guardar configuración"
        secondary={
          <Button variant="default" loading={keep.isPending} onClick={() => keep.mutate(current)}>
            Ahora no
          </Button>
        }
      />
    </Modal>
  );
}
