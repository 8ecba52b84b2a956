import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { AnnotationSelection } from '../common/annotation-selection';
import type { RecordTarget } from '../common/record-target';

/** Deletes the selected annotations; a missing id fails its item (D5.3). */
export class DeleteCommentAnnotationsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly selection: AnnotationSelection,
  ) {
    super();
  }
}
