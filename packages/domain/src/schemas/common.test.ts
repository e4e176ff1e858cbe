import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  clearableText,
  emailSchema,
  NUL_CHARACTER_MESSAGE,
  idSchema,
  isoDateSchema,
  nullableIdSchema,
  optionalEmailSchema,
  optionalText,
  passwordSchema,
  requiredText,
} from './common.js';

describe('common schemas', () => {
  it('requiredText trims and gives its message for blank input', () => {
    const schema = requiredText('Requerido', 5);
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Requerido');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Requerido');
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('Máximo 5 caracteres');
  });

  it('optionalText reads blank, null and absent as null', () => {
    const schema = optionalText(10);
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(' x ')).toBe('x');
  });

  it('clearableText keeps absent as absent and clears with blank or null', () => {
    const schema = clearableText(10);
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(' x ')).toBe('x');
    expect(schema.safeParse('a'.repeat(11)).success).toBe(false);
  });

  it('emailSchema trims and validates', () => {
    expect(emailSchema.parse(' ana@x.es ')).toBe('ana@x.es');
    expect(emailSchema.safeParse('ana@').error?.issues[0]?.message).toBe('Email inválido');
  });

  it('optionalEmailSchema reads blank as null but still validates text', () => {
    expect(optionalEmailSchema.parse('')).toBeNull();
    expect(optionalEmailSchema.parse(undefined)).toBeNull();
    expect(optionalEmailSchema.safeParse('x').success).toBe(false);
  });

  it('passwordSchema needs 6 characters', () => {
    expect(passwordSchema.safeParse('12345').error?.issues[0]?.message).toBe('La contraseña debe tener al menos 6 caracteres');
    expect(passwordSchema.safeParse('123456').success).toBe(true);
  });

  it('idSchema coerces positive integers', () => {
    expect(idSchema.parse('12')).toBe(12);
    expect(idSchema.safeParse('abc').error?.issues[0]?.message).toBe('Identificador inválido');
    expect(idSchema.safeParse(0).success).toBe(false);
  });

  it('idSchema reads text only in its canonical decimal spelling', () => {
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
    expect(idSchema.parse(10)).toBe(10);
    for (const spelling of ['0x10', '1e1', ' 10', '10 ', '010', '+10', '10.0', '-1', '', '2147483648', '99999999999']) {
      expect(idSchema.safeParse(spelling).error?.issues[0]?.message, spelling).toBe('Identificador inválido');
    }
  });

  it('nullableIdSchema reads blank and absent as null', () => {
    expect(nullableIdSchema.parse('')).toBeNull();
    expect(nullableIdSchema.parse(undefined)).toBeNull();
    expect(nullableIdSchema.parse('3')).toBe(3);
  });

  it('isoDateSchema requires a real YYYY-MM-DD day', () => {
    const schema = isoDateSchema('Fecha requerida');
    expect(schema.parse('2024-06-15')).toBe('2024-06-15');
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['Fecha requerida']);
    expect(schema.safeParse('2024-06-31').error?.issues[0]?.message).toBe('Fecha inválida');
  });

  it('isoDateSchema keeps days within 1900–2100', () => {
    const schema = isoDateSchema('Fecha requerida');
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.parse('2100-12-31')).toBe('2100-12-31');
    for (const day of ['9999-12-31', '1899-12-31', '2101-01-01', '1000-01-01']) {
      expect(schema.safeParse(day).error?.issues[0]?.message, day).toBe('La fecha debe estar entre los años 1900 y 2100');
    }
  });
});

describe('zod fallback messages', () => {
  it('are Spanish where a schema gives no text of its own', () => {
    const message = z.object({ name: z.string() }).safeParse({ name: 42 }).error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Entrada inválida/);
  });
});

describe('texts with a NUL character', () => {
  it('are refused in Spanish by every text helper, since PostgreSQL cannot store them', () => {
    for (const schema of [requiredText('Requerido'), optionalText(), clearableText()]) {
      const result = schema.safeParse('a\u0000b');
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NUL_CHARACTER_MESSAGE);
    }
  });
});
