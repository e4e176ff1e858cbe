/** Contact people for most demo leads (docs/contacts.md): one to three each, the first the primary. */
import { leadSearchText } from '@crm/domain';
import type { Random } from './random.js';

const FIRST_NAMES = ['Ana', 'Luis', 'Marta', 'Jorge', 'Nuria', 'Raúl', 'Inés', 'Óscar', 'Carmen', 'Pablo', 'Lucía', 'Sergio'];
const LAST_NAMES = ['Ruiz', 'Moreno', 'Jiménez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Serrano'];
const CARGOS = ['Gerente', 'Director de compras', 'Administración', 'Responsable de marketing', 'Socia fundadora', null];

export function buildContacts(random: Random, leads: readonly { id: number; createdBy: number | null; createdAt: Date }[]) {
  let phone = 0;
  return leads.flatMap((lead) => {
    if (!random.chance(0.6)) return [];
    const count = random.int(1, 3);
    return Array.from({ length: count }, (_, index) => {
      const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      const email = random.chance(0.7)
        ? `${name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(' ', '.')}${lead.id}@ejemplo.es`
        : null;
      phone += 1;
      return {
        lead_id: lead.id,
        name,
        cargo: random.pick(CARGOS),
        email,
        phone: `+3467${String(phone).padStart(7, '0')}`,
        phone_has_whatsapp: random.chance(0.8),
        is_primary: index === 0,
        search_text: leadSearchText(name, email),
        created_by: lead.createdBy,
        created_at: lead.createdAt,
        updated_at: lead.createdAt,
      };
    });
  });
}
