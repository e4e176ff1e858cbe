import { describe, expect, it } from 'vitest';
import { whatsappLink } from './whatsapp.js';

describe('whatsappLink', () => {
  it('prefixes 54 to a 10-digit local number', () => {
    expect(whatsappLink('11 2345-6789')).toBe('https://wa.me/541123456789');
  });

  it('keeps a 10-digit number that already starts with 54', () => {
    expect(whatsappLink('5412345678')).toBe('https://wa.me/5412345678');
  });

  it('keeps numbers of other lengths as they are', () => {
    expect(whatsappLink('+34 612 345 678')).toBe('https://wa.me/34612345678');
    expect(whatsappLink('+54 9 11 2345-6789')).toBe('https://wa.me/5491123456789');
    expect(whatsappLink('123456789')).toBe('https://wa.me/123456789');
  });

  it.each(['', '   ', 'sin teléfono', null, undefined])('is null without digits (%j)', (phone) => {
    expect(whatsappLink(phone)).toBeNull();
  });
});
