/** Public API of @crm/pglite-mover: the one-time move of an earlier version's PGlite data into PostgreSQL. */
export { movePgliteDataDir, type MoveLog, type MoveResult } from './move-pglite.js';
