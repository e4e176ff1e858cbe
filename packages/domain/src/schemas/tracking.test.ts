import { describe, expect, it } from 'vitest';
import { toMessageCount, trackingFormSchema, trackingRecordSchema, updateTrackingSchema } from './tracking.js';

const base = { leadId: 1, lastContactDate: '2024-06-15' };

describe('trackingFormSchema', () => {
  it('fills the defaults', () => {
    expect(trackingFormSchema.parse(base)).toEqual({
      leadId: 1,
      progressLevel: 'sin_respuesta',
      messagesFromLead: 0,
      messagesToLead: 0,
      hasResponded: false,
      lastContactDate: '2024-06-15',
      notes: null,
    });
  });

  it.each([
    ['', 0],
    ['abc', 0],
    [null, 0],
    [Number.NaN, 0],
    ['7', 7],
    [' 12 ', 12],
    ['3.9', 3],
    [4.7, 4],
    [0, 0],
  ])('reads the count %j as %i', (input, expected) => {
    expect(trackingFormSchema.parse({ ...base, messagesFromLead: input, messagesToLead: input }).messagesFromLead).toBe(expected);
  });

  it.each([2_147_483_648, '99999999999999999999', 1e30])('refuses a count a PostgreSQL integer cannot hold (%s)', (count) => {
    const result = trackingFormSchema.safeParse({ ...base, messagesFromLead: count });
    expect(result.error?.issues[0]?.message).toBe('Debe ser un número menor o igual a 2.147.483.647');
    expect(trackingFormSchema.parse({ ...base, messagesFromLead: 2_147_483_647 }).messagesFromLead).toBe(2_147_483_647);
  });

  it('refuses negative counts', () => {
    const result = trackingFormSchema.safeParse({ ...base, messagesToLead: -1 });
    expect(result.error?.issues[0]?.message).toBe('Debe ser un número mayor o igual a 0');
  });

  it.each(['', '  ', undefined, null])('requires the last contact date (%j)', (lastContactDate) => {
    const result = trackingFormSchema.safeParse({ ...base, lastContactDate });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Fecha requerida']);
  });

  it('refuses dates that are not YYYY-MM-DD calendar days', () => {
    expect(trackingFormSchema.safeParse({ ...base, lastContactDate: '15/06/2024' }).error?.issues[0]?.message).toBe('Fecha inválida');
    expect(trackingFormSchema.safeParse({ ...base, lastContactDate: '2024-02-30' }).success).toBe(false);
  });

  it('accepts the six progress levels only', () => {
    expect(trackingFormSchema.parse({ ...base, progressLevel: 'muy_interesado' }).progressLevel).toBe('muy_interesado');
    expect(trackingFormSchema.safeParse({ ...base, progressLevel: 'convertido' }).success).toBe(false);
  });

  it('keeps notes optional and at most 5000 characters', () => {
    expect(trackingFormSchema.parse({ ...base, notes: '  Llamar el lunes ' }).notes).toBe('Llamar el lunes');
    expect(trackingFormSchema.parse({ ...base, notes: '' }).notes).toBeNull();
    expect(trackingFormSchema.safeParse({ ...base, notes: 'a'.repeat(5001) }).success).toBe(false);
  });

  it('needs a lead', () => {
    expect(trackingFormSchema.safeParse({ lastContactDate: '2024-06-15' }).success).toBe(false);
  });
});

describe('updateTrackingSchema', () => {
  it('is the form without the lead', () => {
    expect(updateTrackingSchema.parse({ lastContactDate: '2024-06-15', hasResponded: true })).toMatchObject({
      hasResponded: true,
    });
  });
});

describe('toMessageCount', () => {
  it('passes other types through for the schema to refuse', () => {
    expect(toMessageCount(true)).toBe(true);
  });
});

describe('trackingRecordSchema', () => {
  it('describes the record DTO', () => {
    const record = {
      id: 1,
      leadId: 2,
      progressLevel: 'poco_progreso',
      messagesFromLead: 1,
      messagesToLead: 3,
      calls: 2,
      hasResponded: true,
      lastContactDate: '2024-06-15',
      notes: null,
    };
    expect(trackingRecordSchema.parse(record)).toEqual(record);
  });
});
