/**
 * The team settings (GET /api/settings/team) and the formatters built from them: every screen
 * formats money, dates, phones and links through useTeamFormat, so one change in 'Configuración'
 * reaches them all (docs/settings.md).
 */
import { type TeamFormat, type TeamSettingsView, DEFAULT_PHONE_COUNTRY, defaultTeamSettings, teamFormat } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from './trpc';

/** Until the answer arrives: the server's own defaults, on the browser's clock. */
const FALLBACK: TeamSettingsView = {
  ...defaultTeamSettings(DEFAULT_PHONE_COUNTRY, Intl.DateTimeFormat().resolvedOptions().timeZone),
  configured: false,
  offerSetup: false,
};

export function useTeamSettings(): TeamSettingsView {
  const trpc = useTRPC();
  return useQuery(trpc.settings.team.queryOptions()).data ?? FALLBACK;
}

export function useTeamFormat(): TeamFormat {
  const settings = useTeamSettings();
  return useMemo(() => teamFormat(settings), [settings]);
}
