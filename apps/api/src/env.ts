/** The one place environment variables are read and validated (the README's Configuration table). */
import { AUDIT_LIMITS, CHAT_ATTACHMENT_LIMITS, CHAT_LIMITS, DEFAULT_PHONE_COUNTRY, isPhoneCountry } from '@crm/domain';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  ADMIN_USERNAME: z.string().trim().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  /** Comma-separated origins allowed besides the request's own host. */
  PUBLIC_ORIGIN: z.string().optional(),
  /** Behind a TLS proxy: trust its X-Forwarded-* (client IP for throttling, https for Secure cookies). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; unset means apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
  NODE_ENV: z.string().default('development'),
  /** The import's file limit in MB: the spec's 10 by default; teams with larger files raise it (the import streams). */
  IMPORT_MAX_MB: z.coerce.number().int().min(1).max(1024).default(10),
  /** Chat messages one user may send in any 10 seconds, over every conversation (CHAT_LIMITS.rate by default). */
  CHAT_RATE_PER_10S: z.coerce.number().int().min(1).max(10_000).default(CHAT_LIMITS.rate.messages),
  /** Bytes of chat attachments one user may keep, in MB (uploads past it are refused before they are stored). */
  CHAT_ATTACHMENT_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(CHAT_ATTACHMENT_LIMITS.defaultQuotaMb),
  /**
   * How often the job queue looks for jobs whose replica went silent, in seconds: 10 hands a killed
   * replica's job to another within about half a minute; the replica tests use 1.
   */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Each user's budget of expensive work (docs/audit.md, 'Fair share'): units at once, and units back per second. */
  WORK_BUDGET_BURST: z.coerce.number().int().min(1).max(1_000_000).default(60),
  WORK_BUDGET_PER_SECOND: z.coerce.number().min(0.1).max(100_000).default(3),
  /** Expensive calls of one user running at once, over every session and replica: the web app sends at most two together. */
  WORK_SLOTS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  /** Days the audit log keeps an entry (docs/audit.md); a daily job deletes older ones. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(AUDIT_LIMITS.defaultRetentionDays),
  /** How long a client may take to send a request's headers, in ms (slow-headers attacks); tests use a short one. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /** The country of phone numbers typed without a country code (ISO 3166 alpha-2): AR gives the spec's 54, ES gives +34. */
  DEFAULT_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, { message: 'DEFAULT_COUNTRY debe ser un código de país ISO de dos letras (AR, ES…)' })
    .default(DEFAULT_PHONE_COUNTRY),
  /** Requests one API token may make per minute, counted in the database over every replica (docs/api-tokens.md). */
  API_TOKEN_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Lets webhooks reach loopback, private and link-local addresses (a receiver on the same network; tests). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Signs web forms' proof-of-work challenges; unset: a secret generated once into the database (the same for every replica). */
  FORMS_POW_SECRET: z.string().min(32, { message: 'FORMS_POW_SECRET debe tener al menos 32 caracteres' }).optional(),
  /** How hard a web form's proof of work is: the highest counter a visitor's browser may have to try (about 0.3 s at 50,000). */
  FORMS_POW_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Web form submissions one address may send in any 10 minutes, over every form (counted in the database). */
  FORMS_SUBMISSIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * The key that seals WhatsApp's access token and app secret (docs/whatsapp.md): 32 bytes as 64 hex
   * characters or base64. Unset: a key file made once in DATA_DIR (mode 0600); replicas on several
   * hosts must share one, so set it there.
   */
  WHATSAPP_SECRET_KEY: z
    .string()
    .trim()
    .refine((value) => keyBytes(value) !== null, { message: 'WHATSAPP_SECRET_KEY debe ser 32 bytes en hexadecimal (64) o base64' })
    .optional(),
  /** The team's default time zone until an admin sets one (docs/settings.md); unset: the system's. */
  TZ: z.string().trim().optional(),
});

/** A 32-byte key written as hex or base64, or null when it is neither. */
export function keyBytes(text: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export type Env = z.infer<typeof envSchema> & { publicOrigins: string[] };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankToUndefined = Object.fromEntries(Object.entries(source).map(([key, value]) => [key, value === '' ? undefined : value]));
  const parsed = envSchema.parse(blankToUndefined);
  const publicOrigins = (parsed.PUBLIC_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return { ...parsed, publicOrigins };
}
