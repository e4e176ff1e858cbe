/** The signed-in user, loaded once by the App and read anywhere below it. */
import type { User } from '@crm/domain';
import { createContext, useContext } from 'react';

export const CurrentUserContext = createContext<User | null>(null);

export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the signed-in app');
  return user;
}
