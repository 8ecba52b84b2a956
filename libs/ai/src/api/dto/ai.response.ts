import { json, type Schema } from '@app/platform';

const { arrayOf, integer, object, string } = json;

/**
 * Operation 5's own envelope: `{result: {success: true, text}}`, or `success: false` with
 * `error` when no provider key is configured (D12).
 */
export const ASK_AI_ANSWER: Schema = object({
  result: {
    oneOf: [
      object({ success: { type: 'boolean', enum: [true] }, text: string('The answer') }),
      object({
        success: { type: 'boolean', enum: [false] },
        error: string('Why there is no answer (no provider key)'),
      }),
    ],
  },
});

export const AI_USAGE = object({
  models: arrayOf(
    object({
      provider: string(),
      model: string(),
      calls: integer(),
      failedCalls: integer(),
      inputTokens: integer(),
      outputTokens: integer(),
      durationMs: integer(),
    }),
    "Each model's totals in the period",
  ),
});
