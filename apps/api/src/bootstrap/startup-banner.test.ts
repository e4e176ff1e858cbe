import { describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner.js';

describe('startupBanner', () => {
  it("prints the generated password after 'CRM listo', as the last thing the start says", () => {
    const lines = startupBanner('http://localhost:3000', { username: 'admin', password: 'Xy7-secreta' })
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines[0]).toBe('  CRM listo en http://localhost:3000');
    expect(lines.findIndex((line) => line.includes('contraseña: Xy7-secreta'))).toBeGreaterThan(0);
    expect(lines.at(-1)).toContain('cámbiala en Perfil');
  });

  it('prints only the address when no password was generated', () => {
    expect(startupBanner('http://localhost:3000', null)).toBe('\n  CRM listo en http://localhost:3000\n');
  });
});
