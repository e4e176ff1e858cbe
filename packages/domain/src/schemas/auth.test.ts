import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.js';

describe('loginSchema', () => {
  it('trims the username', () => {
    expect(loginSchema.parse({ username: ' ana ', password: 'x' })).toEqual({ username: 'ana', password: 'x' });
  });

  it.each([{ username: '', password: 'x' }, { username: 'ana', password: '' }, { username: '   ', password: 'x' }, {}])(
    'asks for both fields (%j)',
    (input) => {
      expect(loginSchema.safeParse(input).error?.issues[0]?.message).toBe('Por favor ingresa usuario y contraseña');
    },
  );
});
