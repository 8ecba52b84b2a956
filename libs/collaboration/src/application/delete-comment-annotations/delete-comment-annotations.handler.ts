import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { AnnotationSweep } from '../common/annotation-sweep';
import { DeleteCommentAnnotationsCommand } from './delete-comment-annotations.command';
import { removalIn } from '../common/record-target';

/** Each annotation deleted by its own event, as a delete by id makes (webhooks, activities). */
@CommandHandler(DeleteCommentAnnotationsCommand)
export class DeleteCommentAnnotationsHandler implements ICommandHandler<DeleteCommentAnnotationsCommand> {
  constructor(private readonly sweep: AnnotationSweep) {}

  execute({ target, selection }: DeleteCommentAnnotationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.sweep.run(removalIn(target), selection, (annotation) => {
      annotation.delete(at);
      return 'Deleted Successfully';
    });
  }
}
