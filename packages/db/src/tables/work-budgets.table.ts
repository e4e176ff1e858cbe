/** A user's bucket of expensive work: what is left, and when it was last counted (it refills with time). */
export interface UserWorkBudgetsTable {
  user_id: number;
  tokens: number;
  updated_at: Date;
}

/** One of a user's slots for expensive calls running now: whose lease it is, and until when it holds. */
export interface UserWorkSlotsTable {
  user_id: number;
  slot: number;
  token: string;
  held_until: Date;
}
