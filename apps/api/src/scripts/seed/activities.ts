/** The activity feed the demo's history would have written, in the same words the services use. */
import type { NewActivity } from '@crm/db';
import { DEMO_GROUPS } from './groups.js';
import type { DemoLead } from './leads.js';
import type { DemoMessage } from './chat.js';

export type DemoActivity = Required<NewActivity> & { createdAt: Date };

export function buildActivities(
  leads: (DemoLead & { id: number })[],
  messages: DemoMessage[],
  names: Map<number, string>,
  groupImports: { createdBy: number; createdAt: Date; imported: number }[],
): DemoActivity[] {
  const name = (id: number | null) => (id === null ? 'Alguien' : (names.get(id) ?? 'Alguien'));
  const activities: DemoActivity[] = [];

  groupImports.forEach((group, index) => {
    activities.push({
      type: 'group_created',
      description: `${name(group.createdBy)} importó ${group.imported} leads en el grupo ${DEMO_GROUPS[index]?.name ?? ''}`,
      userId: group.createdBy,
      leadId: null,
      createdAt: group.createdAt,
    });
  });

  for (const lead of leads) {
    if (lead.groupIndex === null) {
      activities.push({
        type: 'lead_created',
        description: `${name(lead.createdBy)} creó el lead ${lead.name}`,
        userId: lead.createdBy,
        leadId: lead.id,
        createdAt: lead.createdAt,
      });
    }
    if (lead.contactedAt && lead.contactedBy !== null) {
      activities.push({
        type: 'lead_contacted',
        description: `${name(lead.contactedBy)} contactó el lead ${lead.name}`,
        userId: lead.contactedBy,
        leadId: lead.id,
        createdAt: lead.contactedAt,
      });
    }
    if (lead.status === 'convertido' && lead.convertedAt) {
      const by = lead.assignedTo ?? lead.contactedBy;
      activities.push({
        type: 'lead_converted',
        description: `${name(by)} convirtió el lead ${lead.name}`,
        userId: by,
        leadId: lead.id,
        createdAt: lead.convertedAt,
      });
    }
  }

  for (const message of messages) {
    activities.push({
      type: 'message_sent',
      description: `${name(message.sender_id)} envió un mensaje a ${name(message.receiver_id)}`,
      userId: message.sender_id,
      leadId: null,
      createdAt: message.created_at,
    });
  }
  return activities;
}
