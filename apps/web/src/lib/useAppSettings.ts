/** The server's settings (GET /api/settings): the phone country and placeholder the forms and cards follow. */
import { type AppSettings, DEFAULT_PHONE_COUNTRY, phonePlaceholder } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/** Until the answer arrives, the server's own default. */
const FALLBACK: AppSettings = { phoneCountry: DEFAULT_PHONE_COUNTRY, phonePlaceholder: phonePlaceholder(DEFAULT_PHONE_COUNTRY) };

export function useAppSettings(): AppSettings {
  const trpc = useTRPC();
  return useQuery(trpc.settings.get.queryOptions()).data ?? FALLBACK;
}
