import { json, namedSchema } from '@app/platform';
import {
  ANNOTATION_AGENT_FIELDS,
  ANNOTATION_FIELDS,
  COMMENT_FIELDS,
} from './annotation-fields.response';

const given = (fields: object) => Object.keys(fields);

const { arrayOf, freeObject, integer, mapOf, nullable, object, oneOfValues, string, boolean } =
  json;

export const COLLAB_USER = namedSchema(
  'CollabUser',
  object({ userId: string(), name: string(), email: string() }, { optional: ['name', 'email'] }),
);

const LOCATION = namedSchema(
  'Location',
  object({ id: string(), locationName: string() }, { optional: ['locationName'] }),
);

/** Where a record lives (hosted `metadata`). */
const RECORD_METADATA = namedSchema(
  'RecordMetadata',
  object({ apiKey: string(), organizationId: string(), documentId: string() }),
);

const at = (what: string) => integer(`${what}, epoch milliseconds`);

export const COMMENT = namedSchema(
  'CommentView',
  object(
    {
      commentId: integer(),
      commentText: string(),
      commentHtml: string(),
      from: COLLAB_USER,
      taggedUserContacts: arrayOf(
        object(
          { userId: string(), contact: COLLAB_USER, text: string() },
          { optional: ['contact', 'text'] },
        ),
      ),
      reactions: arrayOf(object({ icon: string(), from: COLLAB_USER, at: at('When') })),
      context: freeObject(),
      createdAt: at('Created'),
      lastUpdated: at('Last changed'),
      triggerNotification: boolean('Only when false: no derived notification for it'),
      triggerActivities: boolean('Only when false: no derived activity record for it'),
      ...COMMENT_FIELDS,
      type: string('As stored; else `text`'),
      to: arrayOf(freeObject(), 'As stored; else empty'),
    },
    {
      optional: [
        'context',
        'triggerNotification',
        'triggerActivities',
        ...given(COMMENT_FIELDS).filter((f) => f !== 'attachments'),
      ],
      extra: true,
    },
  ),
);

export const COMMENT_ANNOTATION_VIEW = namedSchema(
  'CommentAnnotationView',
  object(
    {
      annotationId: string(),
      annotationNumber: integer(
        'Its number in its document, 1, 2, 3… in the order added (none on older annotations)',
      ),
      location: LOCATION,
      locationId: integer('A number naming the location (from its content); with a location'),
      from: COLLAB_USER,
      status: freeObject('As stored; else the open status'),
      priority: freeObject(),
      assignedTo: COLLAB_USER,
      context: freeObject(),
      ...ANNOTATION_FIELDS,
      type: { ...ANNOTATION_FIELDS.type, description: 'As stored; else `comment`' },
      ...ANNOTATION_AGENT_FIELDS,
      comments: arrayOf(COMMENT),
      createdAt: at('Created'),
      lastUpdated: at('Last changed'),
      metadata: RECORD_METADATA,
    },
    {
      optional: [
        'annotationNumber',
        'location',
        'locationId',
        'priority',
        'assignedTo',
        'context',
        ...given(ANNOTATION_FIELDS).filter((f) => f !== 'type'),
        ...given(ANNOTATION_AGENT_FIELDS),
      ],
      extra: true,
    },
  ),
);

/** A page of annotations: a list, or with `groupByDocumentId` lists keyed by document. */
export const COMMENT_ANNOTATIONS_ANSWER = namedSchema('CommentAnnotationsAnswer', {
  oneOf: [
    arrayOf(COMMENT_ANNOTATION_VIEW),
    mapOf(arrayOf(COMMENT_ANNOTATION_VIEW), 'Document id → its annotations (groupByDocumentId)'),
  ],
});

export const REACTION_VIEW = namedSchema(
  'ReactionView',
  object(
    {
      reactionId: string(),
      icon: string(),
      from: COLLAB_USER,
      location: LOCATION,
      targetElementId: string(),
      createdAt: at('Created'),
      metadata: RECORD_METADATA,
    },
    { optional: ['location', 'targetElementId'], extra: true },
  ),
);

export const RECORDING_VIEW = namedSchema(
  'RecordingView',
  object(
    {
      recordingId: string(),
      annotationId: string('The recording id (hosted: recordings are recorder annotations)'),
      type: oneOfValues(['recorder']),
      from: COLLAB_USER,
      recordingType: string(),
      displayName: string(),
      location: LOCATION,
      attachments: arrayOf(freeObject()),
      mode: string('How the recorder was shown, as given'),
      recordedTime: object(
        { duration: { type: 'number', description: 'Milliseconds' }, display: string() },
        { optional: ['display'] },
      ),
      latestVersion: integer('As given; 1 when not given'),
      createdAt: at('Created'),
      metadata: RECORD_METADATA,
    },
    { optional: ['location', 'mode', 'recordedTime'], extra: true },
  ),
);

/** An editor's CRDT record as operation 20 answers it. */
export const CRDT_VIEW = namedSchema(
  'CrdtView',
  object({
    id: string('The editor id'),
    data: { description: 'As written; its shape follows `type` when it was written' },
    lastUpdate: { type: 'string', format: 'date-time' },
    lastUpdatedBy: string('Empty when not given'),
    sessionId: nullable(string()),
  }),
);

export const PRESENCE_USER = namedSchema(
  'PresenceUser',
  object(
    {
      userId: string(),
      name: string(),
      email: string(),
      status: string(),
      lastSeen: at('Last joined or refreshed'),
    },
    { optional: ['name', 'email', 'status'] },
  ),
);

/** `{success: true}` of the single-record writes. */
export const SUCCESS_FLAG = object({ success: { type: 'boolean', enum: [true] } });

export const COMMENT_IDS = arrayOf(integer(), 'The ids of the comments added, in order');

/** Hosted comment results: keyed by comment id, which is a number. */
export const COMMENT_RESULTS = mapOf(
  object(
    {
      success: boolean(),
      id: integer(),
      message: string(),
      code: oneOfValues(['not-found'], 'Why the comment failed (failed items only)'),
    },
    { optional: ['code'] },
  ),
  'Comment id → its result',
);
