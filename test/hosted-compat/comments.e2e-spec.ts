import {
  addAnnotation,
  addDocuments,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  setup,
  someUser,
  type Hosted,
} from './hosted-compat';

/** A user object as the hosted pages show one inside an annotation or a comment. */
const documentedUser = { userId: 'id', name: 'name', email: 'email' };

/** A comment as the hosted pages show one (get annotations, get comments). */
const documentedComment = {
  commentId: 1,
  type: 'text',
  commentText: 'text',
  commentHtml: '<p>text</p>',
  createdAt: 1,
  // The pages show this one as an ISO 8601 string beside a numeric createdAt; D4.4: epoch ms.
  lastUpdated: 1,
  to: [],
  taggedUserContacts: [],
  attachments: [],
  from: documentedUser,
};

/** An annotation as the hosted page of get annotations shows one. */
const documentedAnnotation = {
  annotationId: 'id',
  annotationNumber: 1,
  type: 'comment',
  createdAt: 1,
  lastUpdated: 1,
  locationId: 1,
  location: {},
  metadata: { apiKey: 'key', organizationId: 'organization', documentId: 'document' },
  from: documentedUser,
  comments: [documentedComment],
  status: { id: 'OPEN', name: 'Open', color: 'color', lightColor: 'color', type: 'default' },
};

const comment = (text: string, userId: string) => ({
  commentText: text,
  commentHtml: `<div>${text}</div>`,
  from: someUser(userId),
});

/** The token of the second page of a document's open annotations, one a page. */
async function secondPageToken(h: Hosted, organizationId: string, documentId: string) {
  const first = await h.call('/v2/commentannotations/get', {
    organizationId,
    documentId,
    pageSize: 1,
    statusId: 'OPEN',
  });
  expect(first.body.result.nextPageToken).toEqual(expect.any(String));
  return first.body.result.nextPageToken as string;
}

// The collection's "Comments Feature" folder (annotations, comments), then the OpenAPI
// operation of comments/add.
describe('hosted compat: comments', () => {
  const h = hostedApp();

  it('POST /v2/commentannotations/add: Add Comment Annotations', async () => {
    await addDocuments(h, 'org-comments', ['doc-annotations-add']);
    const res = await h.call('/v2/commentannotations/add', {
      organizationId: 'org-comments',
      documentId: 'doc-annotations-add',
      commentAnnotations: [
        {
          location: { id: 'yourLocationId', locationName: 'yourLocationName' },
          targetElement: {
            elementId: 'yourElementId',
            targetText: 'Your Target Text',
            occurrence: 1,
            selectAllContent: false,
          },
          commentData: [
            {
              commentText: 'Sample Comment',
              commentHtml: '<div>Sample Comment</div>',
              from: { userId: 'yourUserId', name: 'yourUserName', email: 'yourUserEmail' },
            },
          ],
        },
      ],
    });
    expectDocumented(
      res,
      envelope(
        'Comment Annotation(s) added successfully.',
        byId({ success: true, annotationId: 'id', commentIds: [1], message: 'text' }),
      ),
    );
  });

  it('POST /v2/commentannotations/get: Get Comment Annotations', async () => {
    await addAnnotation(h, 'org-comments', 'doc-annotations-get', 'annotation-get-1');
    await addAnnotation(h, 'org-comments', 'doc-annotations-get', 'annotation-get-2');
    const res = await h.call('/v2/commentannotations/get', {
      organizationId: 'org-comments',
      documentId: 'doc-annotations-get',
      pageSize: 10,
      pageToken: await secondPageToken(h, 'org-comments', 'doc-annotations-get'),
      statusId: 'OPEN',
    });
    // The page's example also shows what the browser SDK records from the page it runs in
    // (pageInfo, context, visibilityConfig, subscribers, customList, reactions): an annotation
    // written through this API has none of them (D10), so they are not part of the shape.
    // The last page has no next token (D5.5).
    expectDocumented(res, envelope('Annotation(s) fetched successfully.', [documentedAnnotation]));
  });

  it('POST /v2/commentannotations/update: Update Comment Annotations', async () => {
    await addAnnotation(h, 'org-comments', 'doc-annotations-update', 'annotation-update');
    const res = await h.call('/v2/commentannotations/update', {
      organizationId: 'org-comments',
      documentId: 'doc-annotations-update',
      updatedData: { status: { type: 'ongoing' } },
    });
    expectDocumented(res, envelope('Annotations updated successfully.', byId(batchItem)));
  });

  it('POST /v2/commentannotations/delete: Delete Comment Annotations', async () => {
    await addDocuments(h, 'org-comments', ['doc-annotations-delete']);
    for (const annotationId of ['annotation-delete-1', 'annotation-delete-2'])
      await setup(h, '/v2/commentannotations/add', {
        organizationId: 'org-comments',
        documentId: 'doc-annotations-delete',
        commentAnnotations: [
          {
            annotationId,
            location: { id: 'locationx', locationName: 'Location x' },
            commentData: [comment('To be deleted', 'yourUserId')],
          },
        ],
      });
    const res = await h.call('/v2/commentannotations/delete', {
      organizationId: 'org-comments',
      documentId: 'doc-annotations-delete',
      locationIds: ['locationx'],
      annotationIds: ['annotation-delete-1', 'annotation-delete-2'],
      userIds: ['yourUserId'],
    });
    expectDocumented(res, envelope('Annotations deleted successfully.', byId(batchItem)));
  });

  it('POST /v2/commentannotations/count/get: Get Comment Annotations Count', async () => {
    for (const documentId of ['DOC_1', 'DOC_2']) {
      await addAnnotation(h, 'ORG_ID', documentId, `${documentId}-annotation`);
    }
    const res = await h.call('/v2/commentannotations/count/get', {
      organizationId: 'ORG_ID',
      documentIds: ['DOC_1', 'DOC_2'],
      userId: '1.1',
      statusIds: ['OPEN', 'IN_PROGRESS'],
    });
    expectDocumented(
      res,
      envelope('Comment count retrieved successfully.', {
        DOC_1: { total: 1, unread: 1 },
        DOC_2: { total: 1, unread: 1 },
      }),
    );
  });

  it('POST /v2/commentannotations/comments/add: Add Comments', async () => {
    await addAnnotation(h, 'org-comments', 'doc-comments-add', 'annotation-comments-add');
    // The collection sends objects for the two create flags; the page documents booleans.
    const res = await h.call('/v2/commentannotations/comments/add', {
      organizationId: 'org-comments',
      createOrganization: { organizationName: 'Organization', organizationType: 'team' },
      documentId: 'doc-comments-add',
      createDocument: { documentName: 'Document', documentType: 'text' },
      annotationId: 'annotation-comments-add',
      commentData: [
        {
          commentText: 'A reply',
          commentHtml: '<div>A reply</div>',
          from: { userId: 'replier', userName: 'Replier', userEmail: 'replier@example.com' },
          metadata: { key: 'value' },
        },
      ],
    });
    expectDocumented(res, envelope('Comment(s) added successfully.', [1]));
  });

  it('POST /v2/commentannotations/comments/get: Get Comments', async () => {
    const { commentIds } = await addAnnotation(
      h,
      'org-comments',
      'doc-comments-get',
      'annotation-comments-get',
    );
    // The page's second example, by ids (ours: an id not found answers null in its place).
    const res = await h.call('/v2/commentannotations/comments/get', {
      organizationId: 'org-comments',
      documentId: 'doc-comments-get',
      annotationId: 'annotation-comments-get',
      commentIds,
    });
    // The page's comment also shows what the browser SDK records (reactions, recorders,
    // customList, isDraft...): a comment written through this API has none of them (D10).
    expectDocumented(res, envelope('Comments retrieved successfully.', [documentedComment]));
  });

  it('POST /v2/commentannotations/comments/update: Update Comments', async () => {
    const { commentIds } = await addAnnotation(
      h,
      'org-comments',
      'doc-comments-update',
      'annotation-comments-update',
    );
    const res = await h.call('/v2/commentannotations/comments/update', {
      organizationId: 'org-comments',
      documentId: 'doc-comments-update',
      annotationId: 'annotation-comments-update',
      commentIds,
      updatedData: {
        commentText: 'Sample Updated Comment',
        commentHtml: '<div>Hello Updated</div>',
      },
    });
    expectDocumented(
      res,
      envelope('Comment updated successfully.', byId({ success: true, id: 1, message: 'text' })),
    );
  });

  it('POST /v2/commentannotations/comments/delete: Delete Comments', async () => {
    const { commentIds } = await addAnnotation(
      h,
      'org-comments',
      'doc-comments-delete',
      'annotation-comments-delete',
    );
    const res = await h.call('/v2/commentannotations/comments/delete', {
      organizationId: 'org-comments',
      documentId: 'doc-comments-delete',
      annotationId: 'annotation-comments-delete',
      commentIds,
    });
    expectDocumented(
      res,
      envelope(
        'Comments(s) deleted successfully.',
        byId({ success: true, id: 1, message: 'text' }),
      ),
    );
  });

  it('openapi: POST /commentannotations/comments/add', async () => {
    await addAnnotation(h, 'org-comments', 'doc-openapi-comments', 'annotation-openapi');
    const res = await h.call('/v2/commentannotations/comments/add', {
      organizationId: 'org-comments',
      documentId: 'doc-openapi-comments',
      annotationId: 'annotation-openapi',
      commentData: [comment('Another reply', 'replier')],
    });
    expectDocumented(res, envelope('Comment(s) added successfully.', [1]));
  });
});
