/**
 * The proof of work a visitor's browser solves before a web form is accepted (ALTCHA v2, altcha-lib):
 * challenges signed with a key every replica derives from one secret (FORMS_POW_SECRET, or one
 * generated into the database on first use), each solved challenge good once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type Db, type SubmissionProof, readOrCreateSecret } from '@crm/db';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

/** Long enough for a visitor to fill the form in after the page loaded. */
const CHALLENGE_LIFETIME_MS = 30 * 60_000;
const SECRET_NAME = 'web_form_pow';

export const PROOF_REFUSED = 'La comprobación anti-spam no es válida o ha caducado: recarga la página y vuelve a enviar';

interface FormKeys {
  challenge: string;
  derivedKey: string;
  address: string;
}

const keysByDatabase = new WeakMap<Db, Promise<FormKeys>>();

/** The signing keys, read once per database (the stored secret never changes). */
function formKeys(ctx: Pick<AppContext, 'db' | 'env'>): Promise<FormKeys> {
  let keys = keysByDatabase.get(ctx.db);
  if (!keys) {
    const base = ctx.env.FORMS_POW_SECRET
      ? Promise.resolve(ctx.env.FORMS_POW_SECRET)
      : readOrCreateSecret(ctx.db, SECRET_NAME, randomBytes(32).toString('base64url'));
    keys = base.then((secret) => ({
      challenge: createHmac('sha256', secret).update('challenge').digest('base64url'),
      derivedKey: createHmac('sha256', secret).update('derived-key').digest('base64url'),
      address: createHmac('sha256', secret).update('address').digest('base64url'),
    }));
    // A failed read is not remembered: the next request tries again.
    keys.catch(() => keysByDatabase.delete(ctx.db));
    keysByDatabase.set(ctx.db, keys);
  }
  return keys;
}

/** A sender's address as stored: keyed, so the table cannot be turned back into addresses. */
export async function addressHash(ctx: Pick<AppContext, 'db' | 'env'>, address: string): Promise<string> {
  return createHmac('sha256', (await formKeys(ctx)).address)
    .update(address)
    .digest('base64url');
}

/** A challenge for one form: the browser finds the counter whose SHA-256 key starts with the signed prefix. */
export async function issueChallenge(ctx: Pick<AppContext, 'db' | 'env'>, formId: number): Promise<Challenge> {
  const keys = await formKeys(ctx);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(ctx.env.FORMS_POW_MAX_COUNTER),
    deriveKey,
    data: { form: formId },
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.derivedKey,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string().max(20),
      nonce: z.string().max(100),
      salt: z.string().max(100),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      expiresAt: z.number(),
      data: z.object({ form: z.number() }),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(200) }),
});

function decodePayload(altcha: string): z.infer<typeof payloadSchema> | undefined {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The proof to spend when `altcha` is a solved, unexpired challenge of this form; null otherwise.
 * Whether it was spent before is the database's to say, with the submission's address count.
 */
export async function verifiedProof(ctx: Pick<AppContext, 'db' | 'env'>, formId: number, altcha: string): Promise<SubmissionProof | null> {
  const payload = decodePayload(altcha);
  if (!payload || payload.challenge.parameters.data.form !== formId) return null;
  const keys = await formKeys(ctx);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.derivedKey,
  });
  if (!result.verified) return null;
  return { signature: payload.challenge.signature, expiresAt: new Date(payload.challenge.parameters.expiresAt * 1000) };
}
