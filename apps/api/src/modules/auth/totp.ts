/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with otplib, and the enrolment QR code drawn here, never by an outside service. */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'CRM Ventas';
/** A code of the step before or after the current one still counts: clocks and typing drift. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: ISSUER, label: accountName, secret });
}

export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
    (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  );
}

/** The time step a six-digit code belongs to, or undefined when it matches none inside the tolerance. */
export async function totpStepOf(secret: string, code: string): Promise<number | undefined> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
    // A TOTP answer carries its time step (the union type also covers HOTP's, which has none).
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // A malformed token or secret is just a wrong code.
    return undefined;
  }
}
