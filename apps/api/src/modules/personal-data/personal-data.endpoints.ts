/**
 * The personal data of a lead (tRPC `personalData.*`) and of a contact (`contactPersonalData.*`),
 * docs/personal-data.md: the export and the anonymisation, an admin's, audited.
 */
import { idInputSchema, messageSchema, personalDataQuerySchema } from '@crm/domain';
import { downloadSchema, endpoint, sendDownload } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { anonymizeContact, anonymizeLead, exportContactPersonalData, exportPersonalData } from './personal-data.service.js';

export const personalDataEndpoints = [
  endpoint({
    name: 'personalData.export',
    summary: 'Exporta los datos personales de un lead (RGPD art. 15)',
    description:
      '`format`: `json` (por defecto) o `csv` (una línea por valor: sección, n.º, campo, valor). Incluye los campos, los contactos (con sus campos personalizados), el historial, las notas, el seguimiento, los recordatorios, los mensajes de chat que comparten el lead, los de WhatsApp, los envíos de formularios y la lista de adjuntos. Solo un administrador.',
    permission: 'lead.personalData',
    audit: true,
    input: personalDataQuerySchema,
    output: downloadSchema,
    rest: { method: 'GET', path: '/api/leads/:id/personal-data', produces: 'application/json', send: sendDownload },
    trpc: 'query',
    handler: ({ ctx, input }) => exportPersonalData(ctx, input.id, input.format),
  }),
  endpoint({
    name: 'personalData.anonymize',
    summary: 'Anonimiza un lead para siempre (RGPD art. 17)',
    description:
      "Borra el email, el teléfono, la dirección, el dominio, la descripción, el texto de las notas y del seguimiento, los datos de sus contactos (que pasan a 'Contacto anonimizado #id'), los valores personales del historial (sus entradas y claves se quedan) y los mensajes y adjuntos de WhatsApp; el nombre pasa a 'Anonimizado #id'. Los recuentos no cambian. No se puede deshacer. Solo un administrador.",
    permission: 'lead.personalData',
    audit: true,
    input: idInputSchema,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/leads/:id/anonymize' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => anonymizeLead(ctx, input.id),
  }),
] as const;

export const personalDataRouter = routerOf(personalDataEndpoints);

export const contactPersonalDataEndpoints = [
  endpoint({
    name: 'contactPersonalData.export',
    summary: 'Exporta los datos personales de un contacto (RGPD art. 15)',
    description:
      '`format`: `json` (por defecto) o `csv` (una línea por valor: sección, n.º, campo, valor). Incluye los campos del contacto, sus campos personalizados y las entradas del historial del lead que lo nombran. Solo un administrador.',
    permission: 'lead.personalData',
    audit: true,
    input: personalDataQuerySchema,
    output: downloadSchema,
    rest: { method: 'GET', path: '/api/contacts/:id/personal-data', produces: 'application/json', send: sendDownload },
    trpc: 'query',
    handler: ({ ctx, input }) => exportContactPersonalData(ctx, input.id, input.format),
  }),
  endpoint({
    name: 'contactPersonalData.anonymize',
    summary: 'Anonimiza un contacto para siempre (RGPD art. 17)',
    description:
      "Borra el cargo, el email, el teléfono, el WhatsApp, las notas y los campos personalizados del contacto y sus valores en el historial del lead (las entradas y sus claves se quedan); el nombre pasa a 'Contacto anonimizado #id'. El contacto sigue en su lead (y sigue siendo el principal si lo era). No se puede deshacer. Solo un administrador.",
    permission: 'lead.personalData',
    audit: true,
    input: idInputSchema,
    output: messageSchema,
    rest: { method: 'POST', path: '/api/contacts/:id/anonymize' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => anonymizeContact(ctx, input.id),
  }),
] as const;

export const contactPersonalDataRouter = routerOf(contactPersonalDataEndpoints);
