/** Sign out: end the session server-side, then reload on the login screen (spec §4). */
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';

export function useLogout() {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => window.location.assign('/'),
      // Spec §8: a logout failure is logged only.
      onError: (error) => console.error('logout failed', error),
    }),
  );
}
