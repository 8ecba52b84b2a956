import { CommandOf } from '@app/platform';
import type { WorkspaceTenant } from '../../auth/tenant';
import type { NewApiKeyInput } from '../common/api-key-issuer';

/** Operation 1. */
export class CreateApiKeyCommand extends CommandOf<
  { tenant: WorkspaceTenant; input: NewApiKeyInput },
  { apiKey: string }
>() {}
