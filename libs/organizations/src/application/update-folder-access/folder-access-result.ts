import type { ItemResult } from '@app/event-store';
import type { DocumentAccessType } from '@app/workspaces';

/** Each updated folder also says what it now has (hosted answer). */
export type FolderAccessResult = Record<
  string,
  ItemResult & { accessType?: DocumentAccessType | null; inheritFromParent?: boolean }
>;
