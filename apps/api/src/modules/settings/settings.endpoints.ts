/**
 * Settings (docs/rest-api.md; tRPC `settings.*`; docs/settings.md): the phone country the web app
 * reads, the team settings (read by everyone, saved by admins) and how many stored phones a change
 * of country would re-read.
 */
import {
  appSettingsSchema,
  phoneRereadCountSchema,
  phoneRereadResultSchema,
  teamSettingsSavedSchema,
  teamSettingsViewSchema,
  updateTeamSettingsSchema,
} from '@crm/domain';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { getAppSettings } from './settings.service.js';
import { countRereadablePhones, getTeamSettings, updateTeamSettings } from './team-settings.service.js';

export const settingsEndpoints = [
  endpoint({
    name: 'settings.get',
    summary: 'El país de los teléfonos y su ejemplo de número',
    permission: 'authenticated',
    input: NO_INPUT,
    output: appSettingsSchema,
    rest: { method: 'GET', path: '/api/settings' },
    trpc: 'query',
    handler: ({ ctx }) => getAppSettings(ctx),
  }),
  endpoint({
    name: 'settings.team',
    summary: 'La configuración del equipo',
    description: '`configured`: si un administrador la guardó alguna vez; `offerSetup`: el primer administrador mientras nadie la guardó.',
    permission: 'authenticated',
    input: NO_INPUT,
    output: teamSettingsViewSchema,
    rest: { method: 'GET', path: '/api/settings/team' },
    trpc: 'query',
    handler: ({ ctx }) => getTeamSettings(ctx),
  }),
  endpoint({
    name: 'settings.phonesToReread',
    summary: 'Cuántos teléfonos guardados releería un cambio de país',
    permission: 'settings.manage',
    input: phoneRereadCountSchema,
    output: phoneRereadResultSchema,
    rest: { method: 'GET', path: '/api/settings/team/phones-to-reread' },
    trpc: 'query',
    handler: ({ ctx, input }) => countRereadablePhones(ctx, input.country),
  }),
  endpoint({
    name: 'settings.updateTeam',
    summary: 'Guarda la configuración del equipo',
    description: '`rereadPhones`: relee en el país nuevo los teléfonos guardados sin prefijo, en la misma transacción.',
    permission: 'settings.manage',
    audit: true,
    input: updateTeamSettingsSchema,
    output: teamSettingsSavedSchema,
    rest: { method: 'PUT', path: '/api/settings/team' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => updateTeamSettings(ctx, input),
  }),
] as const;

export const settingsRouter = routerOf(settingsEndpoints);
