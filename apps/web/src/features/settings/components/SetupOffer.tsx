/** Loads the setup dialog only for the one sign-in that is offered it (the first admin's, before any save). */
import { Suspense, lazy } from 'react';
import { useTeamSettings } from '../../../lib/useTeamFormat';

const TeamSetupDialog = lazy(() => import('./TeamSetupDialog').then((module) => ({ default: module.TeamSetupDialog })));

export function SetupOffer() {
  const { offerSetup } = useTeamSettings();
  return offerSetup ? (
    <Suspense fallback={null}>
      <TeamSetupDialog />
    </Suspense>
  ) : null;
}
