/** Conversation tracking records for most contacted leads, consistent with their status. */
import { type LeadStatus, toIsoDate } from '@crm/domain';
import type { Random } from './random.js';

export interface TrackedLead {
  id: number;
  status: LeadStatus;
  contactedBy: number | null;
  contactedAt: Date | null;
  convertedAt: Date | null;
}

const PROGRESS_BY_STATUS: Partial<Record<LeadStatus, string[]>> = {
  contactado: ['sin_respuesta', 'sin_respuesta', 'poco_progreso'],
  interesado: ['progreso_moderado', 'mucho_progreso', 'muy_interesado'],
  convertido: ['mucho_progreso', 'muy_interesado'],
  perdido: ['no_interesado', 'sin_respuesta'],
};

const NOTES: Record<string, string[]> = {
  sin_respuesta: ['Dejado mensaje en el contestador.', 'Enviado email de presentación, sin respuesta.'],
  no_interesado: ['Ya trabajan con otro proveedor.', 'No tienen presupuesto este año.'],
  poco_progreso: ['Piden que volvamos a llamar el mes que viene.', 'Respondió, pero no decide él.'],
  progreso_moderado: ['Enviada propuesta, pendiente de revisión.', 'Reunión con el gerente la semana próxima.'],
  mucho_progreso: ['Negociando condiciones finales.', 'Han pedido referencias de otros clientes.'],
  muy_interesado: ['Listos para firmar.', 'Contrato enviado, muy receptivos.'],
};

export function buildTracking(random: Random, leads: TrackedLead[]) {
  return leads.flatMap((lead) => {
    const levels = PROGRESS_BY_STATUS[lead.status];
    if (!levels || !lead.contactedAt || !random.chance(0.7)) return [];
    const progress = random.pick(levels);
    const answered = progress !== 'sin_respuesta';
    const lastContact = lead.convertedAt ?? lead.contactedAt;
    return [
      {
        lead_id: lead.id,
        progress_level: progress,
        messages_to_lead: random.int(1, 8),
        messages_from_lead: answered ? random.int(1, 6) : 0,
        has_responded: answered,
        last_contact_date: toIsoDate(lastContact),
        notes: random.chance(0.75) ? random.pick(NOTES[progress] ?? ['']) || null : null,
        created_by: lead.contactedBy,
        created_at: lead.contactedAt,
        updated_at: lastContact,
      },
    ];
  });
}
