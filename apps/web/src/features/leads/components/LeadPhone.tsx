/**
 * A lead's phone as the cards, the lead page and 'Mis seguimientos' show it: its own module, so the
 * dashboard's follow-ups do not load the whole lead card.
 */
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { useTeamFormat } from '../../../lib/useTeamFormat';

/** Shown in national format; the WhatsApp link and the call link (tel:) dial the E.164 number. */
export function LeadPhone({ phone: stored }: { phone: string }) {
  const format = useTeamFormat();
  const link = format.whatsapp(stored);
  const tel = format.tel(stored);
  const phone = format.phone(stored);
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
