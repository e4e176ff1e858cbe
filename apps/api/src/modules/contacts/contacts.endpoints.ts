/**
 * A lead's contacts (docs/contacts.md; tRPC `contacts.*`): everyone who reads the lead lists them;
 * admins and managers add, edit and delete them, as they edit the lead.
 */
import {
  contactSchema,
  createContactSchema,
  deletedSchema,
  idInputSchema,
  idSchema,
  primaryContactFieldsQuerySchema,
  primaryContactFieldsSchema,
  updateContactSchema,
} from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { addContact, editContact, listLeadContacts, primaryContactFieldsOf, removeContact } from './contacts.service.js';

export const contactsEndpoints = [
  endpoint({
    name: 'contacts.list',
    summary: 'Los contactos de un lead, el principal primero',
    permission: 'lead.read',
    input: z.object({ leadId: idSchema }),
    output: z.array(contactSchema),
    rest: { method: 'GET', path: '/api/leads/:leadId/contacts' },
    trpc: 'query',
    handler: ({ ctx, input }) => listLeadContacts(ctx, input.leadId),
  }),
  endpoint({
    name: 'contacts.primaryFields',
    summary: 'Los campos personalizados del contacto principal de varios leads',
    description:
      '`ids`: hasta 500 ids de leads separados por comas. Solo los leads que quien pregunta puede ver y que tienen contacto principal; los demás no aparecen.',
    permission: 'lead.read',
    input: primaryContactFieldsQuerySchema,
    output: primaryContactFieldsSchema,
    rest: { method: 'GET', path: '/api/contacts/primary-fields' },
    trpc: 'query',
    handler: ({ ctx, input }) => primaryContactFieldsOf(ctx, input.ids),
  }),
  endpoint({
    name: 'contacts.create',
    summary: 'Añade un contacto a un lead',
    description:
      'Nombre obligatorio; cargo, email, teléfono (en E.164 si se reconoce), `phoneHasWhatsapp` (true por defecto), `whatsappPhone` (un número de WhatsApp propio) y notas, opcionales. `customFields`: `{ <clave>: valor }` de los campos personalizados de contactos, validados por tipo (obligatorios incluidos; una clave desconocida es un 400). El primer contacto de un lead es el principal; `isPrimary: true` hace principal al nuevo. Queda en el historial del lead.',
    permission: 'lead.manage',
    input: createContactSchema,
    output: contactSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/contacts', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => addContact(ctx, input),
  }),
  endpoint({
    name: 'contacts.update',
    summary: 'Edita un contacto',
    description:
      "Los campos que se envían; `customFields` es un parche (una clave a null o '' se borra; un campo archivado solo puede volver sin cambios). `isPrimary: true` lo hace principal (el anterior deja de serlo). 400 'Un lead con contactos siempre tiene uno principal…' con `isPrimary: false` sobre el principal.",
    permission: 'lead.manage',
    input: updateContactSchema,
    output: contactSchema,
    rest: { method: 'PUT', path: '/api/contacts/:id', bodyKey: 'data' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => editContact(ctx, input.id, input.data),
  }),
  endpoint({
    name: 'contacts.delete',
    summary: 'Elimina un contacto',
    description: 'Si era el principal, el contacto más antiguo que queda pasa a serlo.',
    permission: 'lead.manage',
    input: idInputSchema,
    output: deletedSchema,
    rest: { method: 'DELETE', path: '/api/contacts/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => removeContact(ctx, input.id),
  }),
] as const;

export const contactsRouter = routerOf(contactsEndpoints);
