import { AiUsage1763856000010 } from '@app/ai';
import { Collaboration1763856000006 } from '@app/collaboration';
import { Documents1763856000004 } from '@app/documents';
import {
  EventApiKey1763856000009,
  EventStore1763856000001,
  ParkedEvents1763856000008,
} from '@app/event-store';
import { Gdpr1763856000007 } from '@app/gdpr';
import { JobsLedger1763856000000 } from '@app/platform';
import { Organizations1763856000003 } from '@app/organizations';
import { Users1763856000005 } from '@app/users';
import { Workspaces1763856000002 } from '@app/workspaces';

/** Every library's migrations, in timestamp order; the same list runs on both databases. */
export const MIGRATIONS = [
  JobsLedger1763856000000,
  EventStore1763856000001,
  Workspaces1763856000002,
  Organizations1763856000003,
  Documents1763856000004,
  Users1763856000005,
  Collaboration1763856000006,
  Gdpr1763856000007,
  ParkedEvents1763856000008,
  EventApiKey1763856000009,
  AiUsage1763856000010,
];
