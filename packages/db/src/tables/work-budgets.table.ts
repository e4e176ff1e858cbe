/** A user's bucket of expensive work: what is left, and when it was last counted (it refills with time). */
export interface UserWorkBudgetsTable {
  user_id: number;
  tokens: number;
  updated_at: Date;
}
