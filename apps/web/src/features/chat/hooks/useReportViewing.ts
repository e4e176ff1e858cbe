/**
 * While a conversation is on screen, this tab tells the server it shows it (on opening, on becoming
 * visible, and every CHAT_VIEWING_REPORT_MS), and that it shows nothing when hidden or left: a
 * message there then notifies nobody who is reading it. Reports leave this tab one at a time, so
 * 'left A' never overtakes 'shows B'.
 */
import { CHAT_VIEWING_REPORT_MS } from '@crm/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../../lib/trpc';

/**
 * This tab's id for the whole page load: a random UUID (v4). crypto.randomUUID exists only in secure
 * contexts, and a team may serve the app over plain http on its own network.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
const TAB_ID = randomUuid();
let reports: Promise<unknown> = Promise.resolve();

export function useReportViewing(target: { userId: number } | { channelId: number }): void {
  const trpc = useTRPC();
  const { mutateAsync } = useMutation(trpc.chat.viewing.mutationOptions());
  const userId = 'userId' in target ? target.userId : undefined;
  const channelId = 'channelId' in target ? target.channelId : undefined;

  useEffect(() => {
    const report = (shown: boolean) => {
      const input = shown ? { tabId: TAB_ID, userId, channelId } : { tabId: TAB_ID };
      // A lost report only costs a notification the reader did not need (or misses one until the next).
      reports = reports.then(() => mutateAsync(input)).catch(() => undefined);
    };
    const reportVisibility = () => report(document.visibilityState === 'visible');
    reportVisibility();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') report(true);
    }, CHAT_VIEWING_REPORT_MS);
    document.addEventListener('visibilitychange', reportVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', reportVisibility);
      report(false);
    };
  }, [userId, channelId, mutateAsync]);
}
