import { ITEM_FAILURE_CODES, json, namedSchema } from '@app/platform';

const { arrayOf, boolean, integer, mapOf, object, oneOfValues, string } = json;

/** `commentannotations/add`: the batch item of D5 with the hosted per-annotation fields. */
export const ADDED_ANNOTATIONS = namedSchema(
  'AddedAnnotations',
  mapOf(
    object(
      {
        success: boolean(),
        id: string(),
        message: string('What was done, or why this annotation failed'),
        code: oneOfValues(ITEM_FAILURE_CODES, 'Why the annotation failed (failed items only)'),
        annotationId: string('The annotation id, given or made (same as `id`)'),
        commentIds: arrayOf(integer(), 'The ids of its comments, in order (added items only)'),
        findingId: string("The first comment's `agent.reason.findingId`, when given"),
      },
      { optional: ['code', 'commentIds', 'findingId'] },
    ),
    'Annotation id → its result',
  ),
);
