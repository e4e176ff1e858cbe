/**
 * A lead's phone as the cards, the lead page and 'Mis seguimientos' show it: its own module, so the
 * dashboard's follow-ups do not load the whole lead card.
 */
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { useMemo } from 'react';
import { idleModule } from '../../../lib/idle-module';
import { useTeamSettings } from '../../../lib/useTeamFormat';

// libphonenumber and its metadata (about 25 KB compressed) load after the list's first paint.
const usePhoneModule = idleModule(() => import('../../../lib/phone-format'));

/** Until the formatter loads: a stored E.164 number as it is, its links the same as they will be. */
function provisional(stored: string) {
  const phone = stored.trim();
  const e164 = /^\+\d+$/.test(phone);
  return { phone, link: e164 ? `https://wa.me/${phone.slice(1)}` : null, tel: e164 ? `tel:${phone}` : null };
}

/** Shown in national format; the WhatsApp link and the call link (tel:) dial the E.164 number. */
export function LeadPhone({ phone: stored }: { phone: string }) {
  const module = usePhoneModule();
  const { country } = useTeamSettings();
  const { phone, link, tel } = useMemo(() => {
    if (!module) return provisional(stored);
    const format = module.teamPhoneFormat(country);
    return { phone: format.phone(stored), link: format.whatsapp(stored), tel: format.tel(stored) };
  }, [module, country, stored]);
  return (
    <Group gap={6} wrap="nowrap">
      {link ? (
        <>
          <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-hidden />
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" c="green.8" title="Abrir en WhatsApp">
            {phone}
          </Anchor>
        </>
      ) : (
        <Text size="sm">{phone}</Text>
      )}
      {tel ? (
        <ActionIcon component="a" href={tel} variant="subtle" size="sm" aria-label={`Llamar al ${phone}`} title="Llamar">
          <IconPhone size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
