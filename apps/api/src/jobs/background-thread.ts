/**
 * A worker thread doing a job's CPU work (an import's parsing) lowers its own priority, so that on a
 * small machine the API's thread, which answers everyone, wins the core when both want it. Linux
 * schedules threads one by one and names the calling one in /proc/thread-self; elsewhere the thread
 * runs at normal priority.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { BACKGROUND_NICE } from '@crm/db';

export function lowerThisThreadPriority(): void {
  try {
    // '<pid>/task/<tid>'
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // No /proc, or not permitted: normal priority.
  }
}
