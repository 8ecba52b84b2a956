import type { TestApp } from '@app/testing';

export const victim = {
  userId: 'gdpr-victim-7f3a',
  name: 'Vera Victimova',
  email: 'vera.victimova@example.org',
};
/**
 * Words only the victim's own comment holds (no id, name or email in it): copies of a whole
 * text they wrote (activity template data, an edit's changes) must go with their comment.
 */
export const victimPhrase = 'quince-lantern memo';
export const keeper = { userId: 'keeper-k9', name: 'Kim Keeper', email: 'kim.keeper@example.org' };

/** An annotation's free-form fields, each naming the victim by id, name or email. */
const freeFieldsNaming = (when: string) => ({
  targetElement: { elementId: 'el', targetText: `${when}: quoted from ${victim.name}` },
  suggestion: {
    summary: `${when}: ask ${victim.name}`,
    oldValue: { owner: victim.email },
    newValue: [`{{${victim.userId}}}`],
    reviewer: victim.name,
  },
  context: { [`note-${when}`]: `for ${victim.email}` },
});

/** Organizations and their documents: 3 organizations, 5 documents. */
export const PLACES: [string, string[]][] = [
  ['g-org-1', ['d1', 'd2']],
  ['g-org-2', ['d3', 'd4']],
  ['g-org-3', ['d5']],
];

async function ok(res: { status: number; body: unknown }) {
  if (res.status !== 200) throw new Error(`seed failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** An annotation as a notification copies it: by `from`, the victim tagged, replying, reacting. */
const annotationCopy = (annotationId: string, from: typeof victim) => ({
  annotationId,
  from,
  assignedTo: victim,
  comments: [
    {
      commentId: 1,
      commentText: `Hi {{${victim.userId}}}`,
      commentHtml: `<p>Hi @${victim.name}</p>`,
      from,
      taggedUserContacts: [{ userId: victim.userId, contact: victim }],
      reactions: [{ icon: 'HEART', from: victim, at: 1 }],
      createdAt: 1,
      lastUpdated: 1,
    },
    {
      commentId: 2,
      commentText: 'A reply from the victim',
      commentHtml: '',
      from: victim,
      taggedUserContacts: [],
      reactions: [],
      createdAt: 2,
      lastUpdated: 2,
    },
  ],
  createdAt: 1,
  lastUpdated: 2,
});

/**
 * Custom notifications naming the victim every way one can (D9): one they made; one of the
 * keeper's addressed to them (by user id and by email), naming them in its template data and
 * texts and copying an annotation they took part in; one for everyone they read. Settings of
 * both at document level (the organization level is seeded once per organization).
 */
async function seedNotifications(
  t: Pick<TestApp, 'post'>,
  h: Record<string, string>,
  doc: { organizationId: string; documentId: string },
): Promise<void> {
  const add = async (notificationId: string, data: Record<string, unknown>) =>
    ok(
      await t.post(
        '/v1/notifications/add',
        {
          ...doc,
          notificationId,
          notifyAll: false,
          displayHeadlineMessageTemplate: '{actionUser} wrote',
          ...data,
        },
        h,
      ),
    );
  const id = (what: string) => `${doc.documentId}-n-${what}`;
  await add(id('by-victim'), {
    actionUser: victim,
    notifyUsers: [keeper],
    displayBodyMessage: 'News from the victim',
    notificationSourceData: annotationCopy(`${doc.documentId}-by-victim`, victim),
  });
  await add(id('by-keeper'), {
    actionUser: keeper,
    notifyUsers: [victim, keeper, { email: victim.email }],
    displayHeadlineMessageTemplate: '{actionUser} assigned {assignee}',
    displayHeadlineMessageTemplateData: { actionUser: keeper, assignee: victim },
    displayBodyMessage: `Hi {{${victim.userId}}} (@${victim.name}, ${victim.email})`,
    notificationSourceData: annotationCopy(`${doc.documentId}-by-keeper`, keeper),
  });
  await add(id('for-all'), { actionUser: keeper, notifyAll: true });
  await ok(
    await t.post(
      '/v2/notifications/update',
      {
        organizationId: doc.organizationId,
        notifications: [{ id: id('for-all'), readByUserIds: [victim.userId, keeper.userId] }],
      },
      h,
    ),
  );
  await ok(
    await t.post(
      '/v2/notifications/config/set',
      {
        organizationId: doc.organizationId,
        documentIds: [doc.documentId],
        userIds: [victim.userId, keeper.userId],
        config: { inbox: 'MINE', email: 'NONE' },
      },
      h,
    ),
  );
}

/** Switches the key's immutable records on or off (stamped on each record as it is written). */
const setImmutable = async (t: Pick<TestApp, 'post'>, h: Record<string, string>, on: boolean) =>
  ok(
    await t.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { immutable: on } },
      h,
    ),
  );

/**
 * Activity records naming the victim every way one can (D7, operations 18 and 19, delete):
 * one they performed, copying their annotation and comment; one of the keeper's naming them in
 * its annotation and comment copies, changes, template and its data; one the keeper's
 * amended to name them; one of theirs deleted; one replaced by a record naming no one; one of
 * theirs immutable. Records derived from the comments above come on their own (the switch is on).
 */
async function seedActivities(
  t: Pick<TestApp, 'post'>,
  h: Record<string, string>,
  doc: { organizationId: string; documentId: string },
): Promise<void> {
  const { organizationId, documentId } = doc;
  const id = (what: string) => `${documentId}-act-${what}`;
  const add = async (activities: Record<string, unknown>[]) =>
    ok(await t.post('/v2/activities/add', { ...doc, activities }, h));
  const comment = (from: typeof victim) => annotationCopy(id('ann'), from).comments[0];
  await add([
    {
      id: id('by-victim'),
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: victim,
      targetEntityId: `${documentId}-by-victim`,
      entityData: annotationCopy(`${documentId}-by-victim`, victim),
      entityTargetData: comment(victim),
      displayMessageTemplate: '{actionUser} commented',
      displayMessageTemplateData: { actionUser: victim },
    },
    {
      id: id('by-keeper'),
      featureType: 'comment',
      actionType: 'comment_annotation.assign',
      actionUser: keeper,
      targetEntityId: `${documentId}-by-keeper`,
      changes: { assignedTo: { from: keeper, to: victim }, status: { from: 'open', to: 'done' } },
      entityData: annotationCopy(`${documentId}-by-keeper`, keeper),
      entityTargetData: comment(keeper),
      displayMessageTemplate: `{actionUser} assigned {{${victim.userId}}} (@${victim.name}, ${victim.email})`,
      displayMessageTemplateData: { actionUser: keeper, assignee: victim },
    },
    {
      id: id('amended'),
      featureType: 'custom',
      actionType: 'review',
      actionUser: keeper,
      targetEntityId: 'review',
      displayMessageTemplate: '{actionUser} reviewed',
    },
    { id: id('deleted'), featureType: 'reaction', actionType: 'reaction.add', actionUser: victim },
    {
      id: id('replaced'),
      featureType: 'custom',
      actionType: 'note',
      actionUser: keeper,
      targetEntityId: 'note',
      displayMessageTemplate: `A note for ${victim.name}`,
    },
  ]);
  await ok(
    await t.post(
      '/v2/activities/update',
      {
        organizationId,
        activities: [
          {
            id: id('amended'),
            displayMessageTemplateData: { reviewer: victim },
            changes: { reviewer: { to: victim.email } },
          },
        ],
      },
      h,
    ),
  );
  await ok(
    await t.post('/v2/activities/delete', { organizationId, activityIds: [id('deleted')] }, h),
  );
  await add([
    {
      id: id('replaced'),
      featureType: 'custom',
      actionType: 'note',
      actionUser: keeper,
      targetEntityId: 'note',
      displayMessageTemplate: 'A note for the team',
    },
  ]);
  // Immutability never protects personal data.
  await setImmutable(t, h, true);
  await add([
    {
      id: id('immutable'),
      featureType: 'recorder',
      actionType: 'recording.add',
      actionUser: victim,
      targetEntityId: `${documentId}-rec-victim`,
    },
  ]);
  await setImmutable(t, h, false);
}

/**
 * Data of every kind in every document, by the victim and by a keeper: annotations each
 * wrote, the keeper's mentioning, tagging and assigned to the victim with the victim's reply
 * and reaction; element reactions, recordings, CRDT records, presence and user records;
 * notifications (custom, and derived from the comments: the notification service is on),
 * notification settings and activity records (given, and derived from the comments).
 */
/**
 * Notification emails on for the key, through SendGrid (the app's sendgridBaseUrl, a fake in
 * tests): every derived notification then plans an email per recipient whose row names the
 * recipient and, in `actor_user_ids`, who acted; a queued one keeps its sealed message.
 */
export async function enableEmail(t: Pick<TestApp, 'post'>, h: Record<string, string>) {
  await ok(
    await t.post(
      '/v2/workspace/emailconfig/update',
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: 'SG.gdpr-seed-key',
          fromEmail: 'notify@example.com',
          fromCompany: 'Seed Co',
          commentTemplateId: 'd-comment',
        },
      },
      h,
    ),
  );
}

export async function seedEveryKind(
  t: Pick<TestApp, 'post'>,
  h: Record<string, string>,
): Promise<void> {
  await ok(
    await t.post('/v2/workspace/notificationconfig/update', { useNotificationService: true }, h),
  );
  // Activity records on (derived from every comment change too), mutable: some are amended and deleted.
  await ok(
    await t.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: true, immutable: false } },
      h,
    ),
  );
  for (const [organizationId, documents] of PLACES) {
    await ok(
      await t.post(
        '/v2/organizations/documents/add',
        {
          organizationId,
          createOrganization: true,
          folderId: 'team',
          createFolder: true,
          documents: documents.map((documentId) => ({ documentId })),
        },
        h,
      ),
    );
    await ok(await t.post('/v2/users/add', { organizationId, users: [victim, keeper] }, h));
    await ok(
      await t.post(
        '/v2/users/add',
        { organizationId, folderId: 'team', users: [victim, keeper] },
        h,
      ),
    );
    // Permissions (D15): of both, on the organization, its folder and a document; the victim
    // also had one on the second document, removed (only in the log).
    for (const user of [victim, keeper]) {
      await ok(
        await t.post(
          '/v2/auth/permissions/add',
          {
            user: { userId: user.userId },
            permissions: {
              resources: [
                { type: 'organization', id: organizationId, accessRole: 'viewer' },
                { type: 'folder', id: 'team', organizationId },
                { type: 'document', id: documents[0], organizationId, expiresAt: 4102444800 },
                ...(user === victim && documents[1]
                  ? [{ type: 'document', id: documents[1], organizationId }]
                  : []),
              ],
            },
          },
          h,
        ),
      );
    }
    if (documents[1]) {
      await ok(
        await t.post(
          '/v2/auth/permissions/remove',
          {
            userId: victim.userId,
            permissions: { resources: [{ type: 'document', id: documents[1], organizationId }] },
          },
          h,
        ),
      );
    }
    // Both in a user group: the victim's memberships are a stream named by their id.
    await ok(
      await t.post(
        '/v2/organizations/usergroups/add',
        { organizationId, organizationUserGroups: [{ groupId: 'crew', groupName: 'Crew' }] },
        h,
      ),
    );
    await ok(
      await t.post(
        '/v2/organizations/usergroups/users/add',
        {
          organizationId,
          organizationUserGroupId: 'crew',
          userIds: [victim.userId, keeper.userId],
        },
        h,
      ),
    );
    await ok(
      await t.post(
        '/v2/notifications/config/set',
        { organizationId, userIds: [victim.userId, keeper.userId], config: { inbox: 'ALL' } },
        h,
      ),
    );
    for (const documentId of documents) {
      const doc = { organizationId, documentId };
      await ok(await t.post('/v2/users/add', { ...doc, users: [victim, keeper] }, h));
      // A record removed (users/delete): its row goes, its stream (named by the victim) stays.
      if (documentId === documents[0]) {
        await ok(await t.post('/v2/users/delete', { ...doc, userIds: [victim.userId] }, h));
      }
      await ok(
        await t.post(
          '/v2/commentannotations/add',
          {
            ...doc,
            commentAnnotations: [
              {
                annotationId: `${documentId}-by-victim`,
                commentData: [
                  {
                    commentText: 'My own note, cc {{keeper-k9}}',
                    from: victim,
                    taggedUserContacts: [{ userId: keeper.userId, contact: keeper }],
                  },
                ],
              },
              {
                annotationId: `${documentId}-by-keeper`,
                location: { id: 'loc', locationName: 'Scene' },
                assignedTo: victim,
                // Free-form fields naming the victim (D8.3 reaches them too).
                ...freeFieldsNaming('created'),
                commentData: [
                  {
                    commentText: `Hi {{${victim.userId}}} and @${victim.name}, see ${victim.email}`,
                    commentHtml: `<p>Hi @${victim.name}</p>`,
                    from: keeper,
                    taggedUserContacts: [{ userId: victim.userId, contact: victim }],
                    attachments: [
                      {
                        attachmentId: 1,
                        name: `${victim.name}.pdf`,
                        url: `https://files.example.org/${victim.userId}.pdf`,
                        metadata: { owner: victim.email },
                      },
                    ],
                    agent: {
                      agentSource: 'external',
                      agentId: 'review-agent',
                      agentName: 'Reviewer',
                      reason: {
                        title: `About ${victim.name}`,
                        description: `Written to ${victim.email}`,
                        severity: 'low',
                        suggestedFix: `Ask {{${victim.userId}}}`,
                        custom: { who: victim.name },
                      },
                    },
                    context: { askedBy: victim.email },
                  },
                  { commentText: 'A reply from the victim', from: victim },
                  // A mention with no tag: only the text names them.
                  { commentText: `ping {{${victim.userId}}}`, from: keeper },
                ],
              },
            ],
          },
          h,
        ),
      );
      // The same free-form fields changed by an update (details, status, priority and context events).
      await ok(
        await t.post(
          '/v2/commentannotations/update',
          {
            ...doc,
            annotationIds: [`${documentId}-by-keeper`],
            updatedData: {
              ...freeFieldsNaming('updated'),
              location: { id: 'loc', locationName: `Scene of ${victim.name}` },
              status: { id: 'open', name: `Open for ${victim.name}`, type: 'default' },
              priority: { id: 'p1', name: `Urgent for ${victim.email}` },
            },
          },
          h,
        ),
      );
      // A later reply of the victim's, then edited: the records of both copy its text (the
      // edit's before and after too).
      await ok(
        await t.post(
          '/v2/commentannotations/comments/add',
          {
            ...doc,
            annotationId: `${documentId}-by-keeper`,
            commentData: [{ commentText: `Later: ${victimPhrase}`, from: victim }],
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/commentannotations/comments/update',
          {
            ...doc,
            annotationId: `${documentId}-by-keeper`,
            commentIds: [4],
            updatedData: { commentText: `${victimPhrase}, revised` },
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/commentannotations/reactions/add',
          {
            ...doc,
            annotationId: `${documentId}-by-keeper`,
            commentId: 1,
            icon: 'HEART',
            user: victim,
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/reactions/add',
          {
            ...doc,
            reactions: [
              { reactionId: `${documentId}-r-victim`, icon: 'UP', from: victim },
              { reactionId: `${documentId}-r-keeper`, icon: 'UP', from: keeper },
            ],
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/recordings/add',
          {
            ...doc,
            recordings: [
              { recordingId: `${documentId}-rec-victim`, from: victim },
              { recordingId: `${documentId}-rec-keeper`, from: keeper },
            ],
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/crdt/add',
          {
            ...doc,
            editorId: 'shared-editor',
            type: 'text',
            data: 'Shared text',
            lastUpdatedBy: victim.userId,
          },
          h,
        ),
      );
      await ok(
        await t.post(
          '/v2/crdt/add',
          {
            ...doc,
            editorId: 'keeper-editor',
            type: 'map',
            data: { k: 1 },
            lastUpdatedBy: keeper.userId,
          },
          h,
        ),
      );
      await ok(await t.post('/v2/presence/add', { ...doc, users: [victim, keeper] }, h));
      await ok(
        await t.post(
          '/v2/presence/update',
          { ...doc, users: [{ ...victim, name: `${victim.name} (away)`, status: 'away' }] },
          h,
        ),
      );
      // Read marks: the victim read the keeper's annotation (a row), and in the first document
      // read their own and took it back (only in the log).
      const readMark = (path: string, annotationIds: string[]) =>
        t.post(path, { ...doc, userId: victim.userId, annotationIds }, h);
      await ok(await readMark('/v2/commentannotations/viewedby/add', [`${documentId}-by-keeper`]));
      // The keeper's mark stays after the victim's erasure.
      await ok(
        await t.post(
          '/v2/commentannotations/viewedby/add',
          { ...doc, userId: keeper.userId, annotationIds: [`${documentId}-by-keeper`] },
          h,
        ),
      );
      if (documentId === documents[0]) {
        const own = [`${documentId}-by-victim`];
        await ok(await readMark('/v2/commentannotations/viewedby/add', own));
        await ok(await readMark('/v2/commentannotations/viewedby/delete', own));
      }
      // Data that is gone from the read side but still in the log: a presence they left (in
      // each organization's first document) and a deleted reaction of theirs.
      if (documentId === documents[0]) {
        await ok(await t.post('/v2/presence/delete', { ...doc, userIds: [victim.userId] }, h));
      }
      await ok(
        await t.post(
          '/v2/reactions/add',
          { ...doc, reactions: [{ reactionId: `${documentId}-r-gone`, icon: 'X', from: victim }] },
          h,
        ),
      );
      await ok(
        await t.post('/v2/reactions/delete', { ...doc, reactionIds: [`${documentId}-r-gone`] }, h),
      );
      await seedNotifications(t, h, doc);
      await seedActivities(t, h, doc);
    }
  }
}
