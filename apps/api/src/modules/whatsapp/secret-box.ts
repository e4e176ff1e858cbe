/**
 * Seals WhatsApp's access token and app secret before they reach the database (AES-256-GCM, a
 * random 96-bit IV each time, the tag authenticating the text). The key is WHATSAPP_SECRET_KEY, or
 * a file made once in DATA_DIR readable by its owner only: never in the database, so a copy of it
 * alone reveals no secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Env, keyBytes } from '../../env.js';

const KEY_FILE = 'whatsapp-secret.key';
const VERSION = 'v1';

const keys = new Map<string, Promise<Buffer>>();

async function keyFromFile(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx' creates it only if absent: two replicas starting together keep the first one's key.
    await writeFile(path, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = keyBytes((await readFile(path, 'utf8')).trim());
  if (!key) throw new Error(`${path} no contiene una clave de 32 bytes`);
  return key;
}

function keyOf(env: Pick<Env, 'WHATSAPP_SECRET_KEY' | 'DATA_DIR'>): Promise<Buffer> {
  const source = env.WHATSAPP_SECRET_KEY ?? `file:${env.DATA_DIR}`;
  let key = keys.get(source);
  if (!key) {
    key = env.WHATSAPP_SECRET_KEY ? Promise.resolve(keyBytes(env.WHATSAPP_SECRET_KEY) as Buffer) : keyFromFile(env.DATA_DIR);
    // A failed read is not remembered: the next call tries again.
    key.catch(() => keys.delete(source));
    keys.set(source, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export async function seal(env: Pick<Env, 'WHATSAPP_SECRET_KEY' | 'DATA_DIR'>, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(env), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), encrypted]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text back; throws when the key is not the one it was sealed with (or the text was altered). */
export async function unseal(env: Pick<Env, 'WHATSAPP_SECRET_KEY' | 'DATA_DIR'>, sealed: string): Promise<string> {
  const [version, iv, tag, encrypted] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || encrypted === undefined) throw new Error('Secreto de WhatsApp con formato desconocido');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(env), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}
