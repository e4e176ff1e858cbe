/** The calendar months (local time) a half-open range [from, to) touches, oldest first, each clipped to the range. */
export interface MonthBucket {
  /** 'YYYY-MM'. */
  month: string;
  from: Date;
  to: Date;
}

export function monthBuckets(from: Date, to: Date): MonthBucket[] {
  const buckets: MonthBucket[] = [];
  const cursor = new Date(from.getFullYear(), from.getMonth(), 1);
  while (cursor < to) {
    const next = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 1);
    buckets.push({
      month: `${cursor.getFullYear()}-${String(cursor.getMonth() + 1).padStart(2, '0')}`,
      from: cursor < from ? new Date(from) : new Date(cursor),
      to: next > to ? new Date(to) : next,
    });
    cursor.setTime(next.getTime());
  }
  return buckets;
}
