import { describe, expect, it } from 'vitest';
import { fullName, initials } from './initials.js';

describe('initials', () => {
  it('takes the first letter of each name, uppercased', () => {
    expect(initials('ana', 'lópez')).toBe('AL');
    expect(initials('Álvaro', 'Núñez')).toBe('ÁN');
  });

  it('ignores surrounding spaces', () => {
    expect(initials('  maría ', ' garcía')).toBe('MG');
  });

  it.each([
    [null, 'López'],
    ['Ana', null],
    [undefined, undefined],
    ['', 'López'],
    ['Ana', '   '],
  ])('is ?? when a name is missing (%j, %j)', (first, last) => {
    expect(initials(first, last)).toBe('??');
  });
});

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName('Ana', 'López')).toBe('Ana López');
  });

  it('uses whichever part exists', () => {
    expect(fullName('Ana', null)).toBe('Ana');
    expect(fullName(null, 'López')).toBe('López');
  });

  it('falls back to Usuario, or the given fallback', () => {
    expect(fullName(null, undefined)).toBe('Usuario');
    expect(fullName(' ', '', 'Sin asignar')).toBe('Sin asignar');
  });
});
