/** POST /api/leads/import (docs/import-format.md): multipart with file, groupName and optional assignedRoleId; 10 MB → 413. */
import { IMPORT_LIMITS, importFormSchema } from '@crm/domain';
import { parseInput } from '../../../http/parse-input.js';
import { authedRoute } from '../../../rest/route.js';
import { receiveImportUpload } from './import-upload.js';
import { importLeads } from './lead-import.service.js';

/** Room for the form's other fields and the multipart boundaries around the 10 MB file. */
const MULTIPART_OVERHEAD = 256 * 1024;

export const leadImportRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/leads/import',
    // The service decides too; refusing here spares reading a 10 MB upload the caller may not import.
    earlyPermission: 'lead.manage',
    bodyLimit: IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD,
    handler: async ({ ctx, request }) => {
      const upload = await receiveImportUpload(request);
      try {
        const form = parseInput(importFormSchema, upload.fields);
        return await importLeads(ctx, upload, form);
      } finally {
        await upload.cleanup();
      }
    },
  }),
];
