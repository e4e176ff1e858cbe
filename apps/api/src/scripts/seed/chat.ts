/** Chat history between teammates: a few conversations each, older messages read, the newest sometimes not. */
import { DAY_MS, type Random } from './random.js';
import type { SeedUser } from './leads.js';

const LINES = [
  '¿Has podido llamar a {lead}?',
  'Sí, esta mañana. Están interesados, les mando la propuesta hoy.',
  '¡Genial! Avísame si necesitas ayuda con el presupuesto.',
  '¿Quién lleva la cuenta de {lead}?',
  'La llevo yo, tengo reunión el jueves.',
  'Recuerda actualizar el seguimiento después de la llamada.',
  'Hecho, ya está registrado.',
  'Buen trabajo con el cierre de esta semana 👏',
  '¿Nos vemos a las 10 para revisar el pipeline?',
  'Perfecto, te paso el informe antes.',
  'He importado un grupo nuevo, échale un vistazo.',
  'Me han pedido una demo para el lunes, ¿te apuntas?',
  'Claro, reservo la sala.',
  'El cliente ha pedido un descuento del 10%, ¿lo aprobamos?',
  'Sí, si firman este mes.',
  'Gracias 🙌',
];

export interface DemoMessage {
  sender_id: number;
  receiver_id: number;
  message: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
}

export function buildChat(random: Random, users: SeedUser[], leadNames: string[], now: Date): DemoMessage[] {
  const messages: DemoMessage[] = [];
  const pairs = new Set<string>();
  for (const user of users) {
    const partners = users.filter((other) => other.id !== user.id);
    for (let n = 0; n < 2; n += 1) {
      const partner = random.pick(partners);
      const key = [user.id, partner.id].sort((a, b) => a - b).join('-');
      if (pairs.has(key)) continue;
      pairs.add(key);
      const count = random.int(4, 14);
      let at = now.getTime() - random.int(2, 30) * DAY_MS;
      for (let i = 0; i < count; i += 1) {
        at = Math.min(at + random.int(3, 600) * 60_000, now.getTime() - (count - i) * 60_000);
        const fromUser = i % 2 === 0 ? random.chance(0.85) : random.chance(0.15);
        const [sender, receiver] = fromUser ? [user, partner] : [partner, user];
        // The last two messages of some conversations stay unread, so the chat badge has something to count.
        const unread = i >= count - 2 && random.chance(0.4);
        const createdAt = new Date(at);
        messages.push({
          sender_id: sender.id,
          receiver_id: receiver.id,
          message: random.pick(LINES).replace('{lead}', random.pick(leadNames)),
          is_read: !unread,
          read_at: unread ? null : new Date(Math.min(at + 5 * 60_000, now.getTime())),
          created_at: createdAt,
        });
      }
    }
  }
  return messages;
}
