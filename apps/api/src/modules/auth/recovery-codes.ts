/** Recovery codes: 10 random codes shown once, kept as SHA-256 (60 random bits each: no slow hash needed). */
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@crm/domain';

// No 0/O, 1/I/L: a code copied on paper reads back unambiguously.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

function newRecoveryCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The stored form: case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  const normalised = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}

/** Whether the typed code is a TOTP code (six digits) rather than a recovery code. */
export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}
