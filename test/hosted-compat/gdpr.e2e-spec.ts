import type { Response } from 'supertest';
import { addAnnotation, expectShape, envelope, expectDocumented, hostedApp } from './hosted-compat';

/**
 * The hosted page's answer to users/data/delete: HTTP 202 with the envelope flat, not inside
 * `result` (the hosted page and our operation 16 agree).
 */
const deletionStarted = {
  status: 'success',
  message: 'text',
  data: { jobId: 'id', tasksCount: 1 },
  statusCode: 202,
};

/** HTTP 202 and the documented answer (on failure jest shows the whole answer). */
function expectStarted(res: Response): void {
  expect({ http: res.status, body: res.body }).toMatchObject({
    http: 202,
    body: { status: 'success' },
  });
  expectShape(res, deletionStarted);
}

// The collection's "GDPR" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: gdpr', () => {
  const h = hostedApp();

  it.todo('POST /v2/users/data/get: Get All User Data (not served yet)');

  it('POST /v2/users/data/delete: Delete All User Data', async () => {
    await addAnnotation(h, 'org-gdpr-1', 'doc-1', 'annotation-1', 'user-1');
    await addAnnotation(h, 'org-gdpr-2', 'doc-2', 'annotation-2', 'user-2');
    const res = await h.call('/v2/users/data/delete', {
      userIds: ['user-1', 'user-2'],
      organizationIds: ['org-gdpr-1', 'org-gdpr-2'],
    });
    expectStarted(res);
  });

  it('POST /v2/users/data/delete/status: Get Delete All User Data Status', async () => {
    await addAnnotation(h, 'org-gdpr-3', 'doc-3', 'annotation-3', 'user-3');
    const started = await h.call('/v2/users/data/delete', { userIds: ['user-3'] });
    expect(started.status).toBe(202);
    await h.t.settle();
    const res = await h.call('/v2/users/data/delete/status', { jobId: started.body.data.jobId });
    expectDocumented(
      res,
      envelope('Data fetched successfully.', {
        isDeleteCompleted: true,
        tasksLeft: 0,
        lastTaskCompletedTime: 1,
      }),
    );
  });

  it.todo('openapi: POST /users/data/get (not served yet)');

  it('openapi: POST /users/data/delete', async () => {
    await addAnnotation(h, 'org-gdpr-4', 'doc-4', 'annotation-4', 'user-4');
    const res = await h.call('/v2/users/data/delete', { userIds: ['user-4'] });
    expectStarted(res);
  });
});
