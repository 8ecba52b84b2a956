import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { CollaborationError } from '../../domain/collaboration.error';
import { AnnotationSweep } from '../common/annotation-sweep';
import { UpdateCommentAnnotationsCommand } from './update-comment-annotations.command';

/** Hosted suggestion lifecycle states an update may set. */
const SUGGESTION_STATES = ['pending', 'accepted', 'rejected'];

@CommandHandler(UpdateCommentAnnotationsCommand)
export class UpdateCommentAnnotationsHandler implements ICommandHandler<UpdateCommentAnnotationsCommand> {
  constructor(private readonly sweep: AnnotationSweep) {}

  execute({
    target,
    selection,
    changes,
    replacements,
  }: UpdateCommentAnnotationsCommand): Promise<BatchResult> {
    const state = changes.suggestion?.status;
    if (state !== undefined && !SUGGESTION_STATES.includes(state as string)) {
      throw CollaborationError.invalidField(
        'data.updatedData.suggestion.status',
        'status must be pending, accepted or rejected',
      );
    }
    const at = Date.now();
    return this.sweep.run(target, selection, (annotation) => {
      annotation.update(changes, at);
      annotation.replaceUsers(replacements, at);
      return 'Annotations updated successfully';
    });
  }
}
