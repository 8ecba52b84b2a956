import { Command } from '@nestjs/cqrs';
import type { WorkspaceTenant } from '../../auth/tenant';

/** D2.5: replaces the workspace auth token; the new one is shown once. */
export class ResetWorkspaceAuthTokenCommand extends Command<{ authToken: string }> {
  constructor(readonly tenant: WorkspaceTenant) {
    super();
  }
}
