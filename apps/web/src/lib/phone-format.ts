/**
 * Phones, WhatsApp and call links in the team's country. Its own module: libphonenumber's metadata
 * comes with it, so the lists load it after their first paint (LeadPhone) and the forms with themselves.
 */
import { type TeamPhoneFormat, teamPhoneFormat } from '@crm/domain';
import { useMemo } from 'react';
import { useTeamSettings } from './useTeamFormat';

export { teamPhoneFormat };

export function useTeamPhoneFormat(): TeamPhoneFormat {
  const { country } = useTeamSettings();
  return useMemo(() => teamPhoneFormat(country), [country]);
}
