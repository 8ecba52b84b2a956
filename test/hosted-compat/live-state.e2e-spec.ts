import request from 'supertest';
import { hostedApp } from './hosted-compat';

/** The collection's published body (not wrapped in `data`) and its OpenAPI operation's. */
const published = {
  organizationId: 'YOUR_ORGANIZATION_ID',
  documentId: 'YOUR_DOCUMENT_ID',
  liveStateDataId: 'sample_live_state_data_id',
  data: { status: 'active', message: 'Hello World', customField: 'custom value' },
  merge: true,
};

/** Not served yet (D1): the realtime layer is not part of this server. */
const notServed = {
  http: 501,
  body: {
    error: {
      status: 'UNIMPLEMENTED',
      message:
        'POST /v2/livestate/broadcast is not served yet: live state sync needs the realtime layer, which is not part of this server.',
    },
  },
};

// The collection's "Live State" folder and its OpenAPI operation: answered UNIMPLEMENTED
// (HTTP 501) after the API key is checked, never a 404.
describe('hosted compat: live state', () => {
  const h = hostedApp();

  it('POST /v2/livestate/broadcast: Broadcast Event (not served: 501 UNIMPLEMENTED)', async () => {
    // Sent as the collection sends it, unwrapped: the body is not read, the key is.
    const res = await request(h.t.app.getHttpServer())
      .post('/v2/livestate/broadcast')
      .set(h.headers)
      .send(published);
    expect({ http: res.status, body: res.body }).toEqual(notServed);
  });

  it('openapi: POST /livestate/broadcast (not served: 501 UNIMPLEMENTED)', async () => {
    const res = await h.call('/v2/livestate/broadcast', published);
    expect(res.status).toBe(501);
    const anonymous = await h.t.post('/v2/livestate/broadcast', published, {});
    expect(anonymous.body.error.status).toBe('UNAUTHENTICATED');
    expect({ http: res.status, body: res.body }).toEqual(notServed);
  });
});
