import type { NewAnnotation } from '../application/add-comment-annotations/add-comment-annotations.command';
import type { CommentInput } from '../domain/comment-annotation.aggregate';
import type { Agent, AnnotationVisibility } from '../domain/kinds/annotation-fields';
import type { AnnotationDto, CommentDto } from './dto/add-comment-annotations.request';
import type { AgentDto, SuggestionDto, VisibilityDto } from './dto/annotation-fields.dto';

/** A DTO's known fields with the custom ones it gathered in `extra` (the known ones win). */
const withExtras = <T extends { extra: Record<string, unknown> }>({ extra, ...known }: T) => ({
  ...extra,
  ...known,
});

const agentOf = ({ reason, ...agent }: AgentDto): Agent =>
  ({ ...agent, reason: withExtras(reason) }) as Agent;

/** Only the ids its type reads: the others are not checked, so not kept. */
const visibilityOf = ({ type, organizationId, userIds }: VisibilityDto): AnnotationVisibility => ({
  type,
  ...(type === 'organizationPrivate' && { organizationId }),
  ...(type === 'restricted' && { userIds }),
});

export const commentInputOf = ({ agent, attachments, ...comment }: CommentDto): CommentInput => ({
  ...comment,
  ...(attachments && { attachments: attachments.map((a) => ({ ...a })) }),
  ...(agent && { agent: agentOf(agent) }),
});

export const annotationInputOf = ({
  commentData,
  suggestion,
  visibility,
  ...annotation
}: AnnotationDto): NewAnnotation => ({
  ...annotation,
  ...(suggestion && { suggestion: withExtras<SuggestionDto>(suggestion) }),
  ...(visibility && { visibility: visibilityOf(visibility) }),
  commentData: commentData.map(commentInputOf),
});
