/** Sign out: end the session server-side, then reload on the login screen. */
import { useMutation } from '@tanstack/react-query';
import { expectSignOut, useTRPC } from '../lib/trpc';

export function useLogout() {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      // The live feed ends with the session: that end is this logout's, not one to announce.
      onMutate: () => expectSignOut(true),
      onSuccess: () => window.location.assign('/'),
      // A logout failure is logged only: the user sees nothing.
      onError: (error) => {
        expectSignOut(false);
        console.error('logout failed', error);
      },
    }),
  );
}
