import { describe, expect, it } from 'vitest';
import { whatsappLink } from './whatsapp.js';

describe('whatsappLink', () => {
  it('links an Argentine local number with 54 when the country is AR', () => {
    expect(whatsappLink('11 2345-6789', 'AR')).toBe('https://wa.me/541123456789');
  });

  it('links a Spanish number typed without a country code with 34 when the country is ES', () => {
    expect(whatsappLink('612 345 987', 'ES')).toBe('https://wa.me/34612345987');
    expect(whatsappLink('+34612345987', 'ES')).toBe('https://wa.me/34612345987');
  });

  it('keeps a number that carries its own country code', () => {
    expect(whatsappLink('+34 612 345 678', 'AR')).toBe('https://wa.me/34612345678');
    expect(whatsappLink('+54 9 11 2345-6789', 'ES')).toBe('https://wa.me/5491123456789');
  });

  it('falls back to the digits (and the 54 rule) for what does not parse', () => {
    expect(whatsappLink('123456789', 'AR')).toBe('https://wa.me/123456789');
    expect(whatsappLink('0000000000', 'ES')).toBe('https://wa.me/540000000000');
  });

  it.each(['', '   ', 'sin teléfono', null, undefined])('is null without digits (%j)', (phone) => {
    expect(whatsappLink(phone, 'ES')).toBeNull();
  });
});
