import { json, namedSchema } from '@app/platform';
import {
  AGENT_SOURCES,
  ANNOTATION_TYPES,
  COMMENT_TYPES,
  FINDING_SEVERITIES,
  VISIBILITY_TYPES,
} from '../../domain/kinds/annotation-fields';

const { arrayOf, boolean, freeObject, integer, object, oneOfValues, string } = json;

/** The hosted annotation fields of a read, each present only when it was given. */
export const ANNOTATION_FIELDS = {
  targetElement: namedSchema(
    'TargetElement',
    object(
      {
        elementId: string(),
        targetText: string(),
        occurrence: integer(),
        selectAllContent: boolean(),
      },
      { optional: ['elementId', 'targetText', 'occurrence', 'selectAllContent'] },
    ),
  ),
  type: oneOfValues(ANNOTATION_TYPES, 'Absent: `comment`'),
  commentType: oneOfValues(COMMENT_TYPES, 'Absent: `manual`'),
  visibility: namedSchema(
    'AnnotationVisibility',
    object(
      {
        type: oneOfValues(VISIBILITY_TYPES),
        organizationId: string(),
        userIds: arrayOf(string()),
      },
      { optional: ['organizationId', 'userIds'] },
    ),
  ),
  suggestion: object({ status: oneOfValues(['pending'], 'Set by the server') }, { extra: true }),
} as const;

const AGENT = namedSchema(
  'Agent',
  object(
    {
      agentSource: oneOfValues(AGENT_SOURCES),
      agentId: string(),
      reason: object(
        { title: string(), description: string(), severity: oneOfValues(FINDING_SEVERITIES) },
        { extra: true },
      ),
    },
    { extra: true },
  ),
);

const SOURCE_TYPE = oneOfValues(['agent'], 'Present when an agent wrote it');

/** The first comment's agent, on the annotation. */
export const ANNOTATION_AGENT_FIELDS = { agent: AGENT, sourceType: SOURCE_TYPE } as const;

/** The hosted comment fields of a read, each present only when it was given. */
export const COMMENT_FIELDS = {
  attachments: arrayOf(
    namedSchema(
      'Attachment',
      object(
        { attachmentId: integer(), metadata: freeObject() },
        {
          optional: ['metadata'],
          extra: true,
        },
      ),
    ),
  ),
  agent: AGENT,
  sourceType: SOURCE_TYPE,
  isCommentResolverUsed: boolean(),
  isCommentTextAvailable: boolean(),
} as const;
