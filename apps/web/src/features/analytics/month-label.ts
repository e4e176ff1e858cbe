/** 'YYYY-MM' → a short Spanish month label ('mar 2025') for chart axes. */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

export function monthLabel(month: string): string {
  const [year, index] = month.split('-');
  const name = MONTHS[Number(index) - 1];
  return name && year ? `${name} ${year}` : month;
}
