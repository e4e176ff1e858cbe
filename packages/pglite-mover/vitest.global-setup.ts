/** One PostgreSQL for the whole run: TEST_DATABASE_URL's, or an embedded server in a temp folder. */
import { startTestPostgres } from '@crm/db/testing';

export default startTestPostgres;
