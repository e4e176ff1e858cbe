/**
 * What the load benchmarks (forms, WhatsApp) share: a round-robin custom role for the sellers new
 * leads go to, and other users reading their lead list meanwhile, whose times are compared with idle.
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import type { BenchClient } from './chat-bench-kit.js';
import { clientWithCookie } from './server-process.js';

/** The pause between one lister's reads. */
const LIST_PAUSE_MS = 200;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The sellers' custom role, round robin; answers its id. */
export async function sellersRole(db: Db, sellers: BenchClient[], role: { name: string; displayName: string }): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into custom_roles (name, display_name, distribution) values (${role.name}, ${role.displayName}, 'round_robin') returning id`.execute(
    db,
  );
  const roleId = rows[0]?.id ?? 0;
  await db
    .insertInto('user_custom_roles')
    .values(sellers.map((seller) => ({ user_id: seller.userId, role_id: roleId })))
    .execute();
  return roleId;
}

/** Each lister reads its first page of leads every LIST_PAUSE_MS or so until `stop()`; answers every read's time. */
export function readLists(url: string, listers: BenchClient[]): { stop(): Promise<number[]> } {
  let running = true;
  const times: number[] = [];
  const loops = listers.map(async (lister) => {
    const client = clientWithCookie(url, lister.cookie ?? '');
    while (running) {
      const start = performance.now();
      const response = await client.get('/api/leads?limit=50');
      if (response.status !== 200) throw new Error(`lista: ${response.status}`);
      times.push(performance.now() - start);
      await sleep(LIST_PAUSE_MS);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return times;
    },
  };
}
