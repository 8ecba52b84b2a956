import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** Spec 5.4 and 5.5: the answer, or why there is none because no key is configured. */
export type AskAiAnswer = { success: true; text: string } | { success: false; error: string };

/** Operation 5: `prompt` is the instruction, `text` what it applies to. */
export class AskAiCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    model: string;
    prompt: string;
    text: string;
    /** Aborts when the caller goes away: the provider call stops with it. */
    callerSignal?: AbortSignal;
  },
  AskAiAnswer
>() {}
