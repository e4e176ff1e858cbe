/**
 * Loads the setup dialog only for the one sign-in that is offered it (the first admin's, before any
 * save), and only once the screen behind it has its data and the browser is idle: its form, schema
 * and selects (about 70 KB compressed) stay out of the screen's first load.
 */
import { useIsFetching } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/idle-module';
import { useTeamSettings } from '../../../lib/useTeamFormat';

const TeamSetupDialog = lazy(() => import('./TeamSetupDialog').then((module) => ({ default: module.TeamSetupDialog })));

export function SetupOffer() {
  const { offerSetup } = useTeamSettings();
  const settled = useIsFetching() === 0;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!offerSetup || !settled || ready) return;
    return whenIdle(() => setReady(true));
  }, [offerSetup, settled, ready]);
  return offerSetup && ready ? (
    <Suspense fallback={null}>
      <TeamSetupDialog />
    </Suspense>
  ) : null;
}
