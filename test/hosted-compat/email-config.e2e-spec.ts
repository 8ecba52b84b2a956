import { envelope, expectDocumented, hostedApp } from './hosted-compat';

/** The documented `data` of emailconfig/get and /update (their example values' types). */
const documentedConfig = {
  useEmailService: true,
  emailServiceConfig: {
    type: 'sendgrid',
    apiKey: 'key',
    fromEmail: 'email',
    fromCompany: 'company',
    commentTemplateId: 'id',
    tagTemplateId: 'id',
  },
};

// The hosted email configuration pages (D14.1): their example requests sent unchanged, the
// answers checked against the documented ones.
describe('hosted compat: email configuration', () => {
  const h = hostedApp();

  it('page: POST /v2/workspace/emailconfig/get: Get Email Config (a key never configured)', async () => {
    const key = h.t.apiKeyHeaders(await h.t.createApiKey(h.ws));
    const res = await h.t.post('/v2/workspace/emailconfig/get', {}, key);
    expect({ http: res.status, body: res.body }).toEqual({
      http: 200,
      body: envelope('Email configuration retrieved successfully.', {
        useEmailService: false,
        emailServiceConfig: {
          type: 'default',
          apiKey: '',
          fromEmail: '',
          fromCompany: '',
          commentTemplateId: '',
          tagTemplateId: '',
        },
      }),
    });
  });

  it('page: POST /v2/workspace/emailconfig/update: Update Email Config', async () => {
    const res = await h.call('/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: 'SG.your-sendgrid-api-key',
        fromEmail: 'notifications@yourcompany.com',
        fromCompany: 'Your Company',
        commentTemplateId: 'd-comment-template-id',
        tagTemplateId: 'd-tag-template-id',
        triggers: { 'comment.add': true, 'comment_annotation.assign': false },
      },
    });
    expectDocumented(res, envelope('Email configuration updated successfully.', documentedConfig));
    expect(res.body.result.data.emailServiceConfig).toMatchObject({
      apiKey: '...-key',
      triggers: expect.objectContaining({ 'comment.add': true }),
    });
    const read = await h.call('/v2/workspace/emailconfig/get', {});
    expectDocumented(
      read,
      envelope('Email configuration retrieved successfully.', documentedConfig),
    );
    expect(read.body.result.data).toEqual(res.body.result.data);
  });

  it('page: POST /v2/workspace/emailconfig/update: defaults on first enable', async () => {
    const key = h.t.apiKeyHeaders(await h.t.createApiKey(h.ws));
    const res = await h.t.post('/v2/workspace/emailconfig/update', { useEmailService: true }, key);
    expectDocumented(res, envelope('Email configuration updated successfully.', documentedConfig));
    expect(res.body.result.data).toMatchObject({
      useEmailService: true,
      emailServiceConfig: {
        type: 'custom',
        triggers: {
          comment: expect.objectContaining({ 'comment.add': true }),
          huddle: { 'huddle.create': true, 'huddle.join': true },
        },
      },
    });
  });

  it('page: POST /v2/workspace/emailconfig/update: Failure Response', async () => {
    const res = await h.call('/v2/workspace/emailconfig/update', {
      emailServiceConfig: { type: 'not-a-type' },
    });
    // Hosted answers "Invalid email service configuration." for any bad configuration; this
    // server's INVALID_ARGUMENT names the field that is wrong and what it must be (the rule for
    // every route), so the wording differs on purpose; status and shape are the hosted ones.
    expect({ http: res.status, body: res.body }).toMatchObject({
      http: 400,
      body: {
        error: {
          status: 'INVALID_ARGUMENT',
          message:
            'data.emailServiceConfig.type: data.emailServiceConfig.type must be one of default, sendgrid, custom',
          details: { fields: [{ field: 'data.emailServiceConfig.type' }] },
        },
      },
    });
  });
});
