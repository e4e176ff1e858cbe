import { describe, expect, it } from 'vitest';
import { searchTermsOf } from './search.js';

describe('searchTermsOf', () => {
  it('reads a phone fragment in any format as its digits', () => {
    expect(searchTermsOf('612 34')).toEqual({ text: '612 34', digits: '61234' });
    expect(searchTermsOf('+34 (612) 34-5')).toMatchObject({ digits: '346123' + '45' });
    expect(searchTermsOf('011 2345')).toMatchObject({ digits: '112345' });
  });

  it('reads words without accents or case, with no digits', () => {
    expect(searchTermsOf('  Clínica PEÑA ')).toEqual({ text: 'clinica pena', digits: null });
    expect(searchTermsOf('calle 12')).toEqual({ text: 'calle 12', digits: null });
    expect(searchTermsOf('12')).toEqual({ text: '12', digits: null });
  });
});
