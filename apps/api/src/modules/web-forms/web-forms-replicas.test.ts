/**
 * Web forms on two replicas sharing one database: a challenge one replica signed is accepted by the
 * other (the signing secret lives in the database), a proof spent on one is refused on the other,
 * and the per-address limit counts submissions to both.
 */
import { expect, it } from 'vitest';
import { createUser, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas } from '../../test/replicas.js';
import { postSubmission, proofFor } from '../../test/web-form-client.js';

describeOnTwoReplicas(
  'web forms on two replicas',
  (replicas) => {
    it('shares the challenge secret, the spent proofs and the per-address count', async () => {
      const username = uniqueName('radm');
      await createUser(replicas.local, { username, systemRole: 'admin' });
      const admin = await loginAs(replicas.local, username);
      const form = await admin.post('/api/forms', {
        name: `Réplicas ${uniqueName('f')}`,
        fields: [
          { field: 'name', required: true },
          { field: 'email', required: true },
        ],
        category: 'retail',
        roleId: null,
        thankYouText: 'Gracias',
        redirectUrl: null,
        allowedOrigins: [],
        active: true,
      });
      expect(form.status).toBe(201);
      const { slug } = form.body as { slug: string };
      const [local, child] = [replicas.local.url, replicas.child.url];
      const ip = '203.0.113.7';
      const email = () => `${uniqueName('rep')}@replicas.es`;

      const signedByChild = await proofFor(child, slug, { ip });
      expect((await postSubmission(local, slug, { name: 'Uno', email: email(), altcha: signedByChild }, { ip })).status).toBe(200);
      const replayed = await postSubmission(child, slug, { name: 'Uno otra vez', email: email(), altcha: signedByChild }, { ip });
      expect(replayed.status).toBe(400);

      // Two hits so far (the replay counted too, before its proof was judged): the third is the last of 3 allowed.
      expect((await postSubmission(child, slug, { name: 'Dos', email: email() }, { ip })).status).toBe(200);
      const over = await postSubmission(local, slug, { name: 'Tres', email: email() }, { ip });
      expect(over.status).toBe(429);
      expect((await postSubmission(child, slug, { name: 'Tres', email: email() }, { ip })).status).toBe(429);
    });
  },
  { TRUST_PROXY: 'true', FORMS_POW_MAX_COUNTER: '2000', FORMS_SUBMISSIONS_PER_ADDRESS: '3' },
);
