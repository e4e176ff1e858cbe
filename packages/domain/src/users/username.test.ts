import { describe, expect, it } from 'vitest';
import { nextFreeUsername, usernameBase } from './username.js';

describe('usernameBase', () => {
  it('takes the local part, lowercased', () => {
    expect(usernameBase('Ana.Lopez@Empresa.es')).toBe('ana.lopez');
  });

  it('drops characters a username should not carry', () => {
    expect(usernameBase('josé+ventas@x.es')).toBe('joseventas');
  });

  it('falls back to usuario when nothing usable is left', () => {
    expect(usernameBase('+++@x.es')).toBe('usuario');
  });
});

describe('nextFreeUsername', () => {
  it('keeps the base when it is free', () => {
    expect(nextFreeUsername('ana', ['anabel'])).toBe('ana');
  });

  it('adds the first free numeric suffix', () => {
    expect(nextFreeUsername('ana', ['ana', 'ana2', 'ANA3', 'anabel'])).toBe('ana4');
  });

  it('fills a gap in the suffixes', () => {
    expect(nextFreeUsername('ana', ['ana', 'ana3'])).toBe('ana2');
  });
});
