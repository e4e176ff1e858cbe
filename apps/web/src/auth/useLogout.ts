/** Sign out: end the session server-side, then reload on the login screen. */
import { useMutation } from '@tanstack/react-query';
import { closeLiveSocket, useTRPC } from '../lib/trpc';

export function useLogout() {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        await closeLiveSocket();
        window.location.assign('/');
      },
      // A logout failure is logged only: the user sees nothing.
      onError: (error) => console.error('logout failed', error),
    }),
  );
}
