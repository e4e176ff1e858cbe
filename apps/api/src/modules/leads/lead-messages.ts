/** Messages the lead modules share. */
export const LEAD_NOT_FOUND = 'Lead no encontrado';
