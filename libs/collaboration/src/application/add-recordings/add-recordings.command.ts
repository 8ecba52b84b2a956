import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { CollabUser, Location } from '../../domain/kinds/people';
import type { RecordingExtras } from '../../domain/kinds/simple-kinds';
import type { RecordTarget } from '../common/record-target';

export interface NewRecording extends RecordingExtras {
  recordingId?: string;
  from: CollabUser;
  recordingType?: string;
  displayName?: string;
  location?: Location;
  attachments?: Record<string, unknown>[];
}

/** Adds recordings; an id in use fails its item. */
export class AddRecordingsCommand extends CommandOf<
  { target: RecordTarget; recordings: NewRecording[] },
  BatchResult
>() {}
