/**
 * FollowUpDialog, loaded the first time one opens: its date picker (@mantine/dates, dayjs) stays
 * out of the first load of the lists and the dashboard, which show a follow-up button on every lead.
 */
import { type ComponentProps, Suspense, lazy } from 'react';
import type { FollowUpDialog as Dialog } from './FollowUpDialog';

const FollowUpDialog = lazy(() => import('./FollowUpDialog').then((module) => ({ default: module.FollowUpDialog })));

export function LazyFollowUpDialog(props: ComponentProps<typeof Dialog>) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <FollowUpDialog {...props} />
    </Suspense>
  );
}
