/**
 * 'Configuración → WhatsApp' (admin; docs/whatsapp.md): the Cloud API connection. The access token
 * and app secret are sealed (secret-box.ts) and never leave the server; the verify token is generated
 * here and shown for Meta's console; 'Probar conexión' reads the number's details from the Graph API.
 */
import { randomBytes } from 'node:crypto';
import {
  type WhatsAppSettingsRow,
  ensureWhatsAppSettingsRow,
  findCustomRoleById,
  findWhatsAppSettingsRow,
  updateWhatsAppSettingsRow,
} from '@crm/db';
import {
  DomainError,
  type UpdateWhatsAppSettings,
  WHATSAPP_GRAPH_DEFAULTS,
  WHATSAPP_MESSAGES,
  type WhatsAppConnectionTest,
  type WhatsAppSettings,
} from '@crm/domain';
import type { AppContext, ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { ROLE_NOT_FOUND } from '../custom-roles/custom-roles.service.js';
import { type GraphConnection, GraphError, readPhoneNumber } from './graph-client.js';
import { seal, unseal } from './secret-box.js';

const newVerifyToken = () => randomBytes(24).toString('base64url');

function rowOrDefaults(ctx: AppContext): Promise<WhatsAppSettingsRow> {
  return ensureWhatsAppSettingsRow(ctx.db, {
    verifyToken: newVerifyToken(),
    graphBaseUrl: WHATSAPP_GRAPH_DEFAULTS.baseUrl,
    graphVersion: WHATSAPP_GRAPH_DEFAULTS.version,
  });
}

/** Every field Meta needs is set (the screen's «Conectado», the panel's composer). */
export function isConfigured(row: WhatsAppSettingsRow): boolean {
  return Boolean(row.phone_number_id && row.access_token_sealed && row.app_secret_sealed);
}

function toDto(row: WhatsAppSettingsRow): WhatsAppSettings {
  return {
    phoneNumberId: row.phone_number_id,
    businessAccountId: row.business_account_id,
    hasAccessToken: row.access_token_sealed !== null,
    hasAppSecret: row.app_secret_sealed !== null,
    verifyToken: row.verify_token,
    graphBaseUrl: row.graph_base_url,
    graphVersion: row.graph_version,
    distributionRoleId: row.distribution_role_id,
    configured: isConfigured(row),
  };
}

export async function getWhatsAppSettings(ctx: ServiceContext): Promise<WhatsAppSettings> {
  requirePermission(ctx, 'settings.manage');
  return toDto(await rowOrDefaults(ctx));
}

export async function saveWhatsAppSettings(ctx: ServiceContext, input: UpdateWhatsAppSettings): Promise<WhatsAppSettings> {
  requirePermission(ctx, 'settings.manage');
  if (input.distributionRoleId !== null && !(await findCustomRoleById(ctx.db, input.distributionRoleId))) {
    throw new DomainError('BAD_REQUEST', ROLE_NOT_FOUND);
  }
  await rowOrDefaults(ctx);
  await updateWhatsAppSettingsRow(ctx.db, {
    phone_number_id: input.phoneNumberId,
    business_account_id: input.businessAccountId,
    graph_base_url: input.graphBaseUrl,
    graph_version: input.graphVersion,
    distribution_role_id: input.distributionRoleId,
    // Left out or empty: the stored secret stays (the screen never receives it back to resend).
    ...(input.accessToken ? { access_token_sealed: await seal(ctx.env, input.accessToken) } : {}),
    ...(input.appSecret ? { app_secret_sealed: await seal(ctx.env, input.appSecret) } : {}),
  });
  return toDto(await rowOrDefaults(ctx));
}

/** A new verify token: Meta's console must be given it again before it re-verifies the webhook. */
export async function renewVerifyToken(ctx: ServiceContext): Promise<WhatsAppSettings> {
  requirePermission(ctx, 'settings.manage');
  await rowOrDefaults(ctx);
  await updateWhatsAppSettingsRow(ctx.db, { verify_token: newVerifyToken() });
  return toDto(await rowOrDefaults(ctx));
}

/** The connection with its secrets unsealed, for the server's own calls; undefined until it is complete. */
export interface WhatsAppConnection extends GraphConnection {
  appSecret: string;
  verifyToken: string;
  distributionRoleId: number | null;
}

export async function loadConnection(ctx: AppContext): Promise<WhatsAppConnection | undefined> {
  const row = await findWhatsAppSettingsRow(ctx.db);
  if (!row?.phone_number_id || !row.access_token_sealed || !row.app_secret_sealed) return undefined;
  return {
    baseUrl: row.graph_base_url,
    version: row.graph_version,
    phoneNumberId: row.phone_number_id,
    businessAccountId: row.business_account_id,
    accessToken: await unseal(ctx.env, row.access_token_sealed),
    appSecret: await unseal(ctx.env, row.app_secret_sealed),
    verifyToken: row.verify_token,
    distributionRoleId: row.distribution_role_id,
  };
}

/** The connection, or the Spanish 400 that says WhatsApp is not set up. */
export async function requireConnection(ctx: AppContext): Promise<WhatsAppConnection> {
  const connection = await loadConnection(ctx);
  if (!connection) throw new DomainError('BAD_REQUEST', WHATSAPP_MESSAGES.notConfigured);
  return connection;
}

/** A refusal by Meta (or Meta out of reach) as the caller's 400, in Meta's words: never a 500. */
export function graphRefusal(error: unknown): never {
  if (error instanceof GraphError) throw new DomainError('BAD_REQUEST', `WhatsApp: ${error.message}`);
  throw error;
}

export async function testConnection(ctx: ServiceContext): Promise<WhatsAppConnectionTest> {
  requirePermission(ctx, 'settings.manage');
  const number = await readPhoneNumber(await requireConnection(ctx)).catch(graphRefusal);
  return {
    displayPhoneNumber: number.display_phone_number ?? null,
    verifiedName: number.verified_name ?? null,
    qualityRating: number.quality_rating ?? null,
  };
}
