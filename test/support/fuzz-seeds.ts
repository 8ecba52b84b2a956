import type { TestWorkspace } from '@app/testing';
import type { FuzzShape } from './fuzz-variants';

/**
 * What the seeds refer to. Tenant A owns the protected data (organization `org`, checked by
 * snapshot) and the scratch organization `sorg`; B is another workspace; S is a scratch
 * workspace for settings whose valid variants have effects (its token is reset, its AI keys
 * removed by `null`).
 */
export interface FuzzContext {
  a: TestWorkspace;
  b: TestWorkspace;
  s: TestWorkspace;
  migrationId: string;
  deletionJobId: string;
  /** A real next-page token of operation 8 (a made-up one is refused, as it should be). */
  organizationsPageToken: string;
  /** An advanced webhook endpoint of A (advanced webhooks are on for A and S). */
  endpointId: string;
  /** An endpoint of S for the delete seed. */
  deletableEndpointId: string;
  /** A deletion of S's organization `fuzz-gone-org` (D6.9), for its status seed. */
  organizationDeletionId: string;
}

/** Who may call a route: the admin token, workspace headers, API key headers, or op 13's body. */
export type AuthKind = 'admin' | 'workspace' | 'apiKey' | 'body';

export interface Seed extends FuzzShape {
  auth: AuthKind;
  /** The workspace whose credentials the seed is sent with (default A). */
  tenant?: 'a' | 's';
  /** A valid `data` for the route. */
  data(ctx: FuzzContext): Record<string, unknown>;
  /** Run alone, after everything else: it changes the credentials it is sent with. */
  rotatesCredentials?: boolean;
  /** The body names one of A's API keys: another workspace must be refused. */
  namesOwnApiKey?: boolean;
  /** Credentials in the body (op 13): a wrong type there is refused as a credential, any 4xx. */
  credentialFields?: readonly string[];
  /** A 500 the specification itself prescribes, recognised by its message. */
  specifiedInternal?: RegExp;
}

/** Marks A's stored data that no seed contains: another tenant must never be answered it. */
export const A_ONLY = 'A-ONLY-3c1f';

export const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
export const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };

/** Protected: `org`, folder `f`, document `doc` (all in A). Scratch: `sorg`/`sdoc`, annotations `sa`, `sd`. */
const doc = { organizationId: 'org', documentId: 'doc' };
const scratch = { organizationId: 'sorg', documentId: 'sdoc' };
const webhookConfig = {
  authToken: 'whk-token',
  rawNotificationUrl: 'https://hooks.example.com/raw',
  encodeData: false,
  // A hosted opt-in trigger is accepted beside the nine (D11.1).
  triggers: { 'comment.add': true, 'comment_annotation.suggestion_accept': true },
};

/** A comment's file and agent finding, every hosted field given. */
const attachmentSeed = () => ({
  attachmentId: 100001,
  name: 'shot.png',
  bucketPath: 'attachments/shot.png',
  size: 1024,
  type: 'image',
  url: 'https://files.example.com/shot.png',
  thumbnail: 'https://files.example.com/shot-thumb.png',
  mimeType: 'image/png',
  metadata: { width: 10 },
});
const agentSeed = () => ({
  agentSource: 'external',
  agentId: 'a11y-bot',
  executionId: 'run-1',
  agentName: 'Accessibility Bot',
  url: 'https://example.com/page',
  reason: {
    title: 'Low contrast',
    description: 'Contrast is 2.1:1',
    severity: 'high',
    findingId: 'finding-1',
    findingType: 'pin',
    issueType: 'contrast',
    confidence: 90,
    suggestion: 'Darker text',
    suggestedFix: 'color: #333',
    htmlSnippet: '<p>Hi</p>',
    htmlSelector: 'p.intro',
    source: 'knowledge',
    knowledgeSection: 'WCAG',
  },
});

/** Operation 23's body, every field given (the hosted extra fields too). */
const notificationToAdd = () => ({
  ...scratch,
  actionUser: ann,
  displayHeadlineMessageTemplate: '{actionUser} mentioned {user}',
  // Copies: the variants are made on a structured clone, which keeps shared objects shared.
  displayHeadlineMessageTemplateData: { actionUser: { ...ann }, user: { ...bob } },
  displayBodyMessage: 'Body',
  notifyUsers: [bob, { userId: 'carl' }, { email: 'dee@example.com' }],
  notifyAll: false,
  notificationSource: 'custom',
  notificationSourceData: { link: '/a' },
  location: { id: 'sloc', locationName: 'Scene' },
  createDocument: false,
  createOrganization: false,
  verifyUserPermissions: false,
  isNotificationResolverUsed: false,
  context: { access: { team: 't1' } },
});
const notificationOpaque = [
  'displayHeadlineMessageTemplateData',
  'notificationSourceData',
  'context.access',
];

/**
 * One valid body per route of the OpenAPI document. Seeds on protected data are no-ops when
 * repeated (re-adding an existing id, setting a value it already has, deleting what is not
 * there), so no variant answered 2xx may change what the reads show. Seeds whose valid
 * variants do change data (comments added, `null` unassigning, a CRDT record rewritten) act on
 * the scratch organization or workspace, which is checked for malformed values instead.
 */
export const SEEDS: Record<string, Seed> = {
  '/v2/workspace/create': {
    auth: 'admin',
    data: () => ({
      ownerEmail: 'fuzz@example.com',
      name: 'Fuzz',
      workspaceName: 'Fuzz space',
      avatar: 'https://example.com/avatar.png',
    }),
  },
  '/v2/workspace/apikey/create': {
    auth: 'workspace',
    data: () => ({
      ownerEmail: 'owner@example.com',
      type: 'testing',
      createAuthToken: true,
      apiKeyName: 'fuzz key',
      planInfo: { type: 'sdk' },
      customPlanInfo: false,
      customPlanInfoData: { seats: 1 },
      allowedDomains: ['example.com'],
      addLocalHostToAllowedDomains: false,
      useEmailService: false,
      useWebhookService: false,
      useNotificationService: false,
      setDefaultNotificationTriggers: false,
      setDefaultEmailTriggers: false,
      enablePrivateComments: false,
      requireAutoOrgUser: false,
      persistenceDBRegion: 'eur3',
      realtimeDBRegion: 'europe-west1',
      emailServiceConfig: { type: 'default', fromEmail: 'a@example.com', fromCompany: 'Co' },
      webhookServiceConfig: webhookConfig,
    }),
    opaque: ['customPlanInfoData', 'webhookServiceConfig.triggers'],
  },
  '/v2/workspace/authtokens/get': {
    auth: 'workspace',
    data: (c) => ({ apiKey: c.a.apiKey }),
    namesOwnApiKey: true,
  },
  '/v2/workspace/workspaceauthtoken/reset': {
    auth: 'workspace',
    tenant: 's',
    data: () => ({}),
    rotatesCredentials: true,
  },
  '/v2/workspace/authtoken/reset': {
    auth: 'workspace',
    tenant: 's',
    data: (c) => ({ apiKey: c.s.apiKey }),
    rotatesCredentials: true,
    namesOwnApiKey: true,
  },
  '/v2/workspace/domains/add': {
    auth: 'apiKey',
    data: () => ({ domains: ['example.com'] }),
    // Repeating the seed names a domain the key has: the spec answers that with INTERNAL.
    specifiedInternal: /Skipped existing domains\./,
  },
  '/v2/workspace/domains/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/domains/delete': {
    auth: 'apiKey',
    tenant: 's',
    // S's domain, added for the seed; once removed, the hosted answer is INTERNAL "skipped".
    data: () => ({ domains: ['https://www.remove-me.example.com'] }),
    specifiedInternal: /Skipped non-existing domains\./,
  },
  '/v2/workspace/get': { auth: 'workspace', data: () => ({}) },
  '/v2/workspace/apikeys/get': {
    auth: 'workspace',
    data: (c) => ({ apiKeys: [c.a.apiKey], pageSize: 10 }),
  },
  '/v2/workspace/apikey/update': {
    auth: 'workspace',
    tenant: 's',
    data: (c) => ({ apiKey: c.s.apiKey, apiKeyName: 'Fuzz key' }),
    namesOwnApiKey: true,
  },
  '/v2/workspace/webhookconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({ useWebhookService: false, webhookServiceConfig: webhookConfig }),
    opaque: ['webhookServiceConfig.triggers'],
  },
  '/v2/workspace/webhookconfig/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/notificationconfig/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/notificationconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      useNotificationService: true,
      notificationServiceConfig: {
        triggers: { comment: { 'comment.add': true }, huddle: { 'huddle.join': false } },
        delayConfig: { isEnabled: true, delaySeconds: 30 },
        batchConfig: {
          document: { isEnabled: true, batchWindowSeconds: 60, maxActivities: 5 },
          user: { isEnabled: false, batchWindowSeconds: 600, maxActivities: 10 },
        },
      },
    }),
  },
  '/v2/workspace/emailconfig/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/emailconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: 'SG.fuzz-sendgrid-key-0123456789',
        fromEmail: 'noreply@example.com',
        fromCompany: 'Fuzz Co',
        commentTemplateId: 'd-comment',
        tagTemplateId: 'd-tag',
        triggers: { 'comment.add': true, comment: { 'comment.update': false } },
      },
    }),
    // A trigger is a boolean or a group of them (D14.1): either shape in place of the other is valid.
    lenient: ['emailServiceConfig.triggers'],
  },
  '/v2/workspace/activityconfig/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/activityconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      activityServiceConfig: {
        isEnabled: true,
        enabledTime: 1700000000000,
        immutable: false,
        triggers: { comment: { 'comment.add': true, 'comment.delete': false } },
      },
    }),
  },
  '/v2/workspace/webhooks/deliveries/get': {
    auth: 'apiKey',
    data: () => ({ status: 'delivered', eventType: 'comment.add', from: 0, pageSize: 10 }),
  },
  '/v2/workspace/email/deliveries/get': {
    auth: 'apiKey',
    data: () => ({
      status: 'sent',
      userId: 'ann',
      notificationId: 'n1',
      documentId: 'd1',
      organizationId: 'org1',
      pageSize: 10,
    }),
  },
  '/v2/workspace/webhooks/deliveries/retry': {
    auth: 'apiKey',
    // Every failed delivery since 2100: none, so nothing changes.
    data: () => ({ since: 4102444800000 }),
  },
  '/v2/workspace/advancedwebhookconfig/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/advancedwebhookconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({ isEnabled: true, encodeData: false, enableDataProtection: false }),
  },
  '/v2/workspace/advancedwebhook/endpoints/create': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      url: 'https://hooks.example.com/ep',
      description: 'fuzz',
      filterTypes: ['comment.add'],
      channels: ['main'],
      disabled: true,
      rateLimit: 5,
      uid: 'fuzz-ep',
      metadata: { team: 'fuzz' },
    }),
    opaque: ['metadata'],
  },
  '/v2/workspace/advancedwebhook/endpoints/get': { auth: 'apiKey', data: () => ({ limit: 10 }) },
  '/v2/workspace/advancedwebhook/endpoints/update': {
    auth: 'apiKey',
    data: (c) => ({ endpointId: c.endpointId, description: 'Primary', disabled: true }),
  },
  '/v2/workspace/advancedwebhook/endpoints/delete': {
    auth: 'apiKey',
    tenant: 's',
    data: (c) => ({ endpointId: c.deletableEndpointId }),
  },
  '/v2/workspace/advancedwebhook/endpoints/secret/get': {
    auth: 'apiKey',
    data: (c) => ({ endpointId: c.endpointId }),
  },
  '/v2/workspace/apikeyconfig/get': { auth: 'apiKey', data: () => ({}) },
  // D3.4: API-key level, the hosted fields and ours (repeating A's own values: a no-op there).
  '/v2/workspace/apikeyconfig/update': {
    auth: 'apiKey',
    data: () => ({
      enablePrivateComments: false,
      requireJwtToken: false,
      requireAutoOrgUser: false,
      defaultDocumentAccessType: 'public',
      aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-fuzz-own-key' }],
      advancedQueriesEnabled: true,
      activityServiceEnabled: true,
    }),
  },
  '/v2/workspace/aimodelconfig/get': { auth: 'workspace', data: () => ({}) },
  '/v2/workspace/aimodelconfig/update': {
    auth: 'workspace',
    tenant: 's',
    data: () => ({
      providers: {
        openai: { apiKey: 'sk-fuzz' },
        anthropic: {
          apiKey: 'sk-a',
          baseUrl: 'https://llm.example.com/v1',
          models: ['claude-haiku-4-5'],
        },
      },
    }),
  },
  // No workspace has a Gemini key: every valid variant answers success false, and no variant
  // reaches a provider (which would be a call out of the test machine).
  '/v2/rewriter/ask-ai': {
    auth: 'apiKey',
    data: () => ({ model: 'gemini-2.5-flash', prompt: 'Rewrite formally.', text: 'hello' }),
  },
  '/v2/rewriter/usage/get': { auth: 'apiKey', data: () => ({ from: 0, to: 4102444800000 }) },
  // Adding `org` again updates it (D5.3): with its own name, a no-op on the protected data.
  '/v1/organizations/add': {
    auth: 'apiKey',
    data: () => ({ organizations: [{ organizationId: 'org', organizationName: 'Org' }] }),
    keepsExtra: ['organizations[]'],
  },
  '/v2/organizations/add': {
    auth: 'apiKey',
    data: () => ({ organizations: [{ organizationId: 'org', organizationName: 'Org' }] }),
    keepsExtra: ['organizations[]'],
  },
  '/v2/organizations/update': {
    auth: 'apiKey',
    data: () => ({
      organizations: [{ organizationId: 'org', organizationName: 'Org', disabled: false }],
    }),
    keepsExtra: ['organizations[]'],
  },
  '/v2/organizations/get': {
    auth: 'apiKey',
    data: (c) => ({ pageSize: 1, pageToken: c.organizationsPageToken }),
  },
  // Lifecycle calls act in S (organization `fuzz-org`), so no variant reaches A's protected data.
  '/v2/organizations/delete': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({ organizationIds: ['fuzz-doomed-org'] }),
  },
  '/v2/organizations/delete/status/get': {
    auth: 'apiKey',
    tenant: 's',
    data: (c) => ({ organizationId: 'fuzz-gone-org', deletionId: c.organizationDeletionId }),
  },
  '/v2/organizations/access/disablestate/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({ organizationIds: ['fuzz-org'], disabled: false }),
  },
  '/v2/organizations/folders/delete': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({ organizationId: 'fuzz-org', folderId: 'fuzz-doomed-folder' }),
  },
  '/v2/organizations/folders/access/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      organizationId: 'fuzz-org',
      folderIds: ['fuzz-folder'],
      accessType: 'restricted',
      inheritFromParent: false,
    }),
  },
  '/v1/organizations/folders/update': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      folders: [{ folderId: 'f', folderName: 'Folder', parentFolderId: 'root' }],
    }),
  },
  '/v2/organizations/folders/update': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      folders: [{ folderId: 'f', folderName: 'Folder', parentFolderId: 'root' }],
    }),
  },
  '/v2/organizations/folders/add': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      createOrganization: false,
      folders: [
        { folderId: 'f', folderName: 'Again', parentFolderId: 'root', accessType: 'restricted' },
      ],
    }),
  },
  '/v2/organizations/folders/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', folderId: 'f', maxDepth: 2 }),
  },
  '/v2/organizations/documents/add': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      createOrganization: false,
      folderId: 'f',
      createFolder: false,
      documents: [
        { documentId: 'doc', documentName: 'Again', accessType: 'public', disabled: false },
      ],
    }),
    keepsExtra: ['documents[]'],
  },
  '/v1/organizations/documents/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', documentIds: ['doc'] }),
  },
  '/v2/organizations/documents/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', documentIds: ['doc'], folderId: 'f', pageSize: 1 }),
  },
  '/v1/organizations/documents/delete': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', documentIds: ['ghost-doc'] }),
  },
  '/v2/organizations/documents/delete': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', documentIds: ['ghost-doc'] }),
  },
  '/v2/organizations/documents/migrate': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', documentId: 'ghost-doc', newDocumentId: 'ghost-new' }),
  },
  '/v2/organizations/documents/migrate/status': {
    auth: 'apiKey',
    data: (c) => ({ organizationId: 'org', migrationId: c.migrationId }),
  },
  // The scratch document, left as it is: name, top level, public, enabled (so the other seeds
  // writing in it are never refused by a disabled document).
  '/v2/organizations/documents/update': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'sorg',
      documents: [
        { documentId: 'sdoc', documentName: 'sdoc', accessType: 'public', disabled: false },
      ],
    }),
    keepsExtra: ['documents[]'],
  },
  '/v2/organizations/documents/move': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'sorg', documentIds: ['sdoc'], folderId: 'root' }),
  },
  '/v2/organizations/documents/access/update': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'sorg', documentIds: ['sdoc'], accessType: 'public' }),
  },
  '/v2/organizations/documents/access/disablestate/update': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'sorg', documentIds: ['sdoc'], disabled: false }),
  },
  '/v2/users/add': {
    auth: 'apiKey',
    // Ann is at the document (and, without documentId, the organization): a repeat is refused.
    data: () => ({
      ...doc,
      createOrganization: false,
      createDocument: false,
      createFolder: false,
      users: [{ userId: 'ann', name: 'Again' }],
    }),
    keepsExtra: ['users[]'],
  },
  '/v1/users/update': {
    auth: 'apiKey',
    // The organization-scope record as it is: a variant that drops a field (null) stays harmless.
    data: () => ({ organizationId: 'org', users: [{ userId: 'ann', name: `Ann ${A_ONLY}` }] }),
    keepsExtra: ['users[]'],
  },
  '/v2/users/update': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', users: [{ userId: 'ann', name: `Ann ${A_ONLY}` }] }),
    keepsExtra: ['users[]'],
  },
  '/v2/users/get': {
    auth: 'apiKey',
    // The hosted read of every document's users, grouped by document.
    data: () => ({
      organizationId: 'org',
      allDocuments: true,
      groupByDocumentId: true,
      userIds: ['ann'],
      organizationUserGroupIds: ['sg'],
      pageSize: 5,
    }),
  },
  // User groups and users/delete act on the scratch organization only.
  '/v2/organizations/usergroups/add': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'sorg',
      createOrganization: false,
      organizationUserGroups: [{ groupId: 'sg', groupName: 'Scratch group' }],
    }),
    keepsExtra: ['organizationUserGroups[]'],
  },
  '/v2/organizations/usergroups/users/add': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'sorg', organizationUserGroupId: 'sg', userIds: ['ann'] }),
  },
  '/v2/organizations/usergroups/users/delete': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'sorg',
      organizationUserGroupId: 'sg',
      userIds: ['ann'],
      deleteAll: false,
    }),
  },
  '/v2/users/delete': {
    auth: 'apiKey',
    data: () => ({ ...scratch, userIds: ['ghost-user'] }),
  },
  '/v2/users/data/delete': {
    auth: 'apiKey',
    data: () => ({ userIds: ['ghost-user'], organizationIds: ['org'] }),
  },
  '/v1/users/data/delete/status': {
    auth: 'apiKey',
    data: (c) => ({ jobId: c.deletionJobId }),
  },
  '/v2/users/data/delete/status': {
    auth: 'apiKey',
    data: (c) => ({ jobId: c.deletionJobId }),
  },
  // A read: every variant reads ann's data in org, and must never answer another tenant's.
  '/v2/users/data/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', userId: 'ann' }),
  },
  '/v2/commentannotations/add': {
    auth: 'apiKey',
    // No annotationId: each accepted variant makes a new annotation in the scratch document,
    // so whatever the server accepts is stored, and the log scan sees it.
    data: () => ({
      ...scratch,
      // The create flags in the hosted collection's object form (booleans: the tests' own).
      createOrganization: { organizationName: 'Scratch', organizationType: 'team' },
      createDocument: { documentName: 'Scratch' },
      verifyUserPermissions: false,
      commentAnnotations: [
        {
          location: { id: 'sloc', locationName: 'Scene' },
          targetElement: {
            elementId: 'el-1',
            targetText: 'Hello',
            occurrence: 1,
            selectAllContent: false,
          },
          from: ann,
          status: { id: 'OPEN', type: 'default' },
          priority: { id: 'P1' },
          assignedTo: bob,
          context: { page: 1 },
          type: 'suggestion',
          commentType: 'manual',
          visibility: { type: 'restricted', userIds: ['ann', 'bob'] },
          suggestion: {
            targetId: 'row-1',
            targetType: 'custom',
            oldValue: { x: 1 },
            newValue: { x: 2 },
            summary: 'x: 1 -> 2',
            driftDetected: false,
          },
          commentData: [
            {
              commentText: 'Hello',
              commentHtml: '<p>Hello</p>',
              from: ann,
              taggedUserContacts: [{ userId: 'bob', contact: bob, text: '@Bob' }],
              context: { line: 1 },
              triggerNotification: false,
              triggerActivities: false,
              isCommentResolverUsed: false,
              isCommentTextAvailable: true,
              attachments: [attachmentSeed()],
              agent: agentSeed(),
            },
          ],
        },
      ],
    }),
    opaque: [
      'commentAnnotations[].status',
      'commentAnnotations[].priority',
      'commentAnnotations[].context',
      'commentAnnotations[].commentData[].context',
      'commentAnnotations[].commentData[].attachments[].metadata',
    ],
    // Any JSON value is a valid old or new value of a suggestion. A create flag is a boolean
    // or an object whose unknown keys are ignored (D1.4), so `{value}` for it is valid too;
    // its wrong types are refused in comment-annotations-hosted-answer.
    lenient: [
      'createOrganization',
      'createDocument',
      'commentAnnotations[].suggestion.oldValue',
      'commentAnnotations[].suggestion.newValue',
    ],
    keepsExtra: [
      'commentAnnotations[].suggestion',
      'commentAnnotations[].commentData[].agent.reason',
    ],
  },
  '/v2/commentannotations/get': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      documentId: 'doc',
      documentIds: ['doc'],
      annotationIds: ['a1'],
      locationIds: ['loc-1'],
      userIds: ['ann'],
      folderId: 'f',
      mentionedUserIds: ['bob'],
      resolvedBy: 'ann',
      statusIds: ['OPEN'],
      statusId: 'OPEN',
      order: 'asc',
      updatedAfter: 1,
      updatedBefore: 4_000_000_000_000,
      createdAfter: 1,
      createdBefore: 4_000_000_000_000,
      groupByDocumentId: true,
      // false asks for no agent filtering; any other value is refused (D1.8).
      agentSuggestions: false,
      agentComments: false,
      pageSize: 10,
    }),
  },
  '/v2/commentannotations/update': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      annotationIds: ['sa'],
      locationIds: ['sloc'],
      userIds: ['ann'],
      updatedData: {
        status: { id: 'OPEN' },
        priority: { id: 'P2' },
        assignedTo: bob,
        context: { page: 2 },
        location: { id: 'sloc', locationName: 'Scene' },
        targetElement: {
          elementId: 'el',
          targetText: 'word',
          occurrence: 1,
          selectAllContent: false,
        },
        from: ann,
        suggestion: { status: 'pending', targetId: 't' },
        statusUpdatedByUserId: 'ann',
        resolvedByUserId: 'ann',
      },
      updateUsers: [{ oldUser: { userId: 'ghost-user' }, newUser: bob }],
    }),
    opaque: [
      'updatedData.status',
      'updatedData.priority',
      'updatedData.context',
      'updatedData.suggestion',
    ],
  },
  '/v2/commentannotations/delete': {
    auth: 'apiKey',
    // Scratch: a variant without annotationIds deletes by the other filters, which match
    // nothing there (its annotations have no location).
    data: () => ({
      ...scratch,
      annotationIds: ['ghost-annotation'],
      locationIds: ['loc-1'],
      userIds: ['ann'],
      agentSuggestions: false,
    }),
  },
  '/v2/commentannotations/comments/add': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      annotationId: 'sa',
      // The create flags in the hosted collection's object form.
      createOrganization: { organizationName: 'Scratch' },
      createDocument: { documentName: 'Scratch', documentType: 'text' },
      verifyUserPermissions: false,
      commentData: [
        {
          commentText: 'Reply',
          commentHtml: '<p>Reply</p>',
          from: bob,
          taggedUserContacts: [{ userId: 'ann', contact: ann }],
          context: { x: 1 },
          attachments: [attachmentSeed()],
          agent: agentSeed(),
        },
      ],
    }),
    opaque: ['commentData[].context', 'commentData[].attachments[].metadata'],
    // A create flag: a boolean or an object (see commentannotations/add).
    lenient: ['createOrganization', 'createDocument'],
    keepsExtra: ['commentData[].agent.reason'],
  },
  '/v2/commentannotations/comments/update': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      annotationId: 'sa',
      commentIds: [1],
      updatedData: {
        commentText: 'Edited',
        commentHtml: '<p>Edited</p>',
        taggedUserContacts: [{ userId: 'bob', contact: bob }],
        context: { y: 2 },
      },
    }),
    opaque: ['updatedData.context'],
  },
  '/v2/commentannotations/comments/delete': {
    auth: 'apiKey',
    // `null` commentIds is read as absent, which deletes every comment: a scratch annotation.
    data: () => ({ ...scratch, annotationId: 'sd', commentIds: [1] }),
  },
  '/v2/commentannotations/reactions/add': {
    auth: 'apiKey',
    data: () => ({ ...scratch, annotationId: 'sa', commentId: 1, icon: 'HEART', user: bob }),
  },
  '/v2/commentannotations/reactions/delete': {
    auth: 'apiKey',
    data: () => ({ ...scratch, annotationId: 'sa', commentId: 1, icon: 'HEART', user: bob }),
  },
  '/v2/commentannotations/count/get': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      documentIds: ['doc'],
      userId: 'bob',
      statusIds: ['OPEN'],
    }),
  },
  '/v2/commentannotations/comments/get': {
    auth: 'apiKey',
    data: () => ({ ...doc, annotationId: 'a1', userIds: ['ann'], commentIds: [1] }),
  },
  '/v2/commentannotations/viewedby/add': {
    auth: 'apiKey',
    data: () => ({ ...scratch, userId: 'bob', annotationIds: ['sa'] }),
  },
  '/v2/commentannotations/viewedby/delete': {
    auth: 'apiKey',
    data: () => ({ ...scratch, userId: 'bob', annotationIds: ['sa'] }),
  },
  '/v2/reactions/add': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      reactions: [
        { icon: 'THUMBS_UP', from: ann, location: { id: 'sloc' }, targetElementId: 'el-1' },
      ],
    }),
  },
  '/v2/reactions/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', reactionIds: ['r1'], pageSize: 10 }),
  },
  '/v2/reactions/delete': {
    auth: 'apiKey',
    data: () => ({ ...doc, reactionIds: ['ghost-reaction'] }),
  },
  '/v2/recordings/add': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      recordings: [
        {
          from: ann,
          recordingType: 'audio',
          displayName: 'Take',
          location: { id: 'sloc' },
          attachments: [{ url: 'https://files.example.com/1' }],
          mode: 'floating',
          recordedTime: { duration: 4204.55, display: '00:00:04' },
          latestVersion: 2,
        },
      ],
    }),
    opaque: ['recordings[].attachments[]'],
  },
  '/v2/recordings/get': {
    auth: 'apiKey',
    data: () => ({ organizationId: 'org', recordingIds: ['rec1'], locationIds: ['loc-1'] }),
  },
  '/v2/recordings/delete': {
    auth: 'apiKey',
    data: () => ({ ...doc, recordingIds: ['ghost-recording'] }),
  },
  '/v2/crdt/add': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      editorId: 'se1',
      type: 'text',
      data: 'Hello',
      lastUpdatedBy: 'ann',
      sessionId: 's1',
      location: { id: 'sloc' },
      contentKey: 'default',
    }),
    lenient: ['data'],
  },
  '/v2/crdt/update': {
    auth: 'apiKey',
    data: () => ({
      ...scratch,
      editorId: 'se1',
      type: 'text',
      data: 'Hello again',
      lastUpdatedBy: 'bob',
      sessionId: 's2',
      location: { id: 'sloc' },
      contentKey: 'default',
    }),
    lenient: ['data'],
  },
  '/v2/crdt/get': { auth: 'apiKey', data: () => ({ ...doc, editorId: 'e1' }) },
  '/v2/presence/add': {
    auth: 'apiKey',
    data: () => ({ ...scratch, users: [{ ...ann, status: 'online' }] }),
  },
  '/v2/presence/get': { auth: 'apiKey', data: () => ({ ...doc }) },
  '/v2/presence/delete': { auth: 'apiKey', data: () => ({ ...doc, userIds: ['ghost-user'] }) },
  '/v2/presence/update': {
    auth: 'apiKey',
    data: () => ({ ...scratch, users: [{ ...ann, status: 'away' }] }),
  },
  '/v1/notifications/add': {
    auth: 'apiKey',
    // No notificationId: each accepted variant makes a new notification in the scratch document.
    data: () => notificationToAdd(),
    opaque: notificationOpaque,
  },
  '/v2/notifications/add': {
    auth: 'apiKey',
    data: () => notificationToAdd(),
    opaque: notificationOpaque,
  },
  '/v2/notifications/get': {
    auth: 'apiKey',
    data: () => ({
      ...doc,
      locationId: 'loc-1',
      userId: 'ann',
      notificationIds: ['n1'],
      pageSize: 10,
      order: 'asc',
    }),
  },
  '/v2/notifications/update': {
    auth: 'apiKey',
    // A notification that does not exist: every accepted variant fails its item, changing nothing.
    data: () => ({
      ...scratch,
      locationId: 'sloc',
      userId: 'ann',
      verifyUserPermissions: false,
      notifications: [
        {
          id: 'ghost-notification',
          actionUser: ann,
          displayHeadlineMessageTemplate: '{actionUser} did it',
          displayHeadlineMessageTemplateData: { thing: 'x' },
          displayBodyMessage: 'Body',
          notificationSourceData: { link: '/a' },
          readByUserIds: ['ann'],
          persistReadForUsers: true,
        },
      ],
    }),
    opaque: [
      'notifications[].displayHeadlineMessageTemplateData',
      'notifications[].notificationSourceData',
    ],
  },
  '/v2/notifications/delete': {
    auth: 'apiKey',
    // The scratch document: a variant without ids deletes what it holds there, and nothing else.
    data: () => ({
      ...scratch,
      locationId: 'sloc',
      userId: 'ann',
      notificationIds: ['ghost-notification'],
    }),
  },
  '/v2/notifications/config/set': {
    auth: 'apiKey',
    // The scratch organization: an accepted variant (another channel or value) changes only it.
    data: () => ({
      organizationId: 'sorg',
      documentIds: ['sdoc'],
      userIds: ['ann'],
      config: { inbox: 'ALL', email: 'MINE', slack: 'NONE' },
    }),
  },
  '/v2/notifications/config/get': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      userId: 'ann',
      documentIds: ['doc'],
      getOrganizationConfig: true,
    }),
  },
  // Operations 18 and 19 need the activity service: A's is switched on by the
  // apikeyconfig/update seed, whose route comes first.
  '/v2/activities/add': {
    auth: 'apiKey',
    // No id: each accepted variant makes a new record in the scratch document, so whatever
    // the server accepts is stored, and the log scan sees it.
    data: () => ({
      ...scratch,
      activities: [
        {
          featureType: 'custom',
          actionType: 'invoice.paid',
          actionUser: { ...ann },
          targetEntityId: 'invoice-1',
          targetSubEntityId: 'line-1',
          changes: { status: { from: 'open', to: 'paid' } },
          entityData: { amount: 42 },
          entityTargetData: { line: 1 },
          displayMessageTemplate: '{user} paid {invoice}',
          displayMessageTemplateData: { user: { ...ann }, invoice: '1' },
          actionIcon: 'https://icons.example.com/coin.svg',
          isActivityResolverUsed: false,
        },
      ],
    }),
    opaque: ['activities[].changes', 'activities[].displayMessageTemplateData'],
    lenient: ['activities[].entityData', 'activities[].entityTargetData'],
    keepsExtra: ['activities[].actionUser'],
  },
  '/v2/activities/update': {
    auth: 'apiKey',
    // A record that does not exist: every accepted variant fails its item, changing nothing.
    data: () => ({
      organizationId: 'sorg',
      activities: [
        {
          id: 'ghost-activity',
          changes: { status: { from: 'open', to: 'paid' } },
          entityData: { amount: 1 },
          entityTargetData: { line: 2 },
          displayMessageTemplate: '{user} paid',
          displayMessageTemplateData: { user: { ...bob } },
          actionIcon: 'coin',
        },
      ],
    }),
    opaque: ['activities[].changes', 'activities[].displayMessageTemplateData'],
    lenient: ['activities[].entityData', 'activities[].entityTargetData'],
  },
  '/v2/activities/get': {
    auth: 'apiKey',
    data: () => ({
      ...doc,
      targetEntityId: 'invoice-1',
      userId: 'ann',
      featureTypes: ['comment', 'custom'],
      actionTypes: ['comment.add'],
      activityIds: ['act-1'],
      pageSize: 10,
      order: 'asc',
    }),
  },
  '/v2/activities/delete': {
    auth: 'apiKey',
    // Ids, a document and a target that match nothing: a variant without one still matches none.
    data: () => ({
      organizationId: 'sorg',
      activityIds: ['ghost-activity'],
      documentId: 'ghost-doc',
      targetEntityId: 'ghost-target',
    }),
  },
  '/v1/organizations/documents/locations/data/delete': {
    auth: 'body',
    data: (c) => ({
      apiKey: c.a.apiKey,
      authToken: c.a.authToken,
      organizationId: 'org',
      documentId: 'doc',
      location: { id: 'ghost-location', locationName: 'Nowhere' },
    }),
    credentialFields: ['apiKey', 'authToken'],
  },
  // D15: tokens and signatures write nothing but the key's own key and secret (made once).
  '/v2/auth/generate_token': {
    auth: 'apiKey',
    data: () => ({
      userId: 'ann',
      userProperties: { isAdmin: false, name: ann.name, email: ann.email },
      permissions: {
        resources: [
          { type: 'organization', id: 'org', accessRole: 'editor' },
          {
            type: 'document',
            id: 'doc',
            organizationId: 'org',
            accessRole: 'viewer',
            expiresAt: 1640995200,
          },
        ],
      },
    }),
  },
  // In the scratch organization: a null role or expiry (read as absent) changes the grant.
  '/v2/auth/permissions/add': {
    auth: 'apiKey',
    data: () => ({
      user: { userId: 'ann' },
      permissions: {
        resources: [
          { type: 'organization', id: 'sorg', accessRole: 'editor' },
          {
            type: 'folder',
            id: 'sfolder',
            organizationId: 'sorg',
            accessRole: 'viewer',
            expiresAt: 4102444800,
          },
        ],
      },
    }),
  },
  '/v2/auth/permissions/get': {
    auth: 'apiKey',
    data: () => ({
      organizationId: 'org',
      userIds: ['ann', 'bob'],
      folderIds: ['f'],
      documentIds: ['doc'],
    }),
  },
  // A grant no one holds: removing it is no change.
  '/v2/auth/permissions/remove': {
    auth: 'apiKey',
    data: () => ({
      userId: 'ghost-user',
      permissions: { resources: [{ type: 'document', id: 'sdoc', organizationId: 'sorg' }] },
    }),
  },
  '/v2/auth/generate_signature': {
    auth: 'apiKey',
    data: () => ({
      permissions: [
        {
          userId: 'ann',
          resourceId: 'doc',
          type: 'document',
          hasAccess: true,
          accessRole: 'viewer',
          expiresAt: 1759745729823,
        },
      ],
    }),
  },
  '/v2/auth/verificationkeys/get': { auth: 'apiKey', data: () => ({}) },
  '/v2/workspace/permissionproviderconfig/get': { auth: 'apiKey', data: () => ({}) },
  // Settings whose valid variants have effects: the scratch workspace's.
  '/v2/workspace/permissionproviderconfig/update': {
    auth: 'apiKey',
    tenant: 's',
    data: () => ({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://permissions.example.com/check',
        authToken: 'provider-token',
      },
    }),
  },
};
