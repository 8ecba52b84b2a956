import { createPublicKey } from 'node:crypto';
import { isPrivateHost, ServiceError, type FieldViolation } from '@app/platform';
import type { StoredWebhookConfig } from './api-key.events';

/** The nine webhook triggers of the spec's Events part. */
export const WEBHOOK_TRIGGERS = [
  'comment_annotation.add',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
  'comment.reaction_add',
  'comment.reaction_delete',
] as const;

/**
 * The hosted opt-in trigger names (D11.1): accepted and stored so that a hosted
 * configuration can be sent unchanged, but nothing here makes these events, so they never
 * fire; turning the service on never enables them.
 */
export const OPT_IN_WEBHOOK_TRIGGERS = [
  'comment_annotation.suggestion_accept',
  'comment_annotation.suggestion_reject',
  'huddle.create',
  'huddle.join',
  'crdt.update_data',
  'recorder.done',
] as const;

const ACCEPTED_TRIGGERS: readonly string[] = [...WEBHOOK_TRIGGERS, ...OPT_IN_WEBHOOK_TRIGGERS];

/** Operation 4's `webhookServiceConfig` as sent (types already checked by the DTO). */
export interface WebhookConfigInput {
  authToken?: string;
  rawNotificationUrl?: string;
  processedNotificationUrl?: string;
  encodeData?: boolean;
  encryptData?: boolean;
  publicKey?: string;
  triggers?: Record<string, unknown>;
}

export interface WebhookConfigContext {
  seal(secret: string): string;
  allowPrivateTargets: boolean;
}

const FIELD = 'data.webhookServiceConfig';

/** An RSA public key as base64 DER (SubjectPublicKeyInfo), no PEM header (D11.3). */
export function isRsaPublicKey(base64Der: string | undefined): boolean {
  if (!base64Der) return false;
  try {
    return (
      createPublicKey({ key: Buffer.from(base64Der, 'base64'), format: 'der', type: 'spki' })
        .asymmetricKeyType === 'rsa'
    );
  } catch {
    return false;
  }
}

function checkUrl(
  value: string | undefined,
  field: string,
  ctx: WebhookConfigContext,
  errors: FieldViolation[],
): void {
  if (!value) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    errors.push({ field, message: `${field} must be an http or https URL` });
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    errors.push({ field, message: `${field} must be an http or https URL` });
  } else if (!ctx.allowPrivateTargets && isPrivateHost(url.hostname)) {
    errors.push({ field, message: `${field} must not point to a private or loopback address` });
  }
}

/**
 * Applies operation 4 to the stored configuration and checks the result (D11.1): http(s)
 * URLs, known triggers (the nine and the hosted opt-in names), a URL when the service is on,
 * an RSA key when encryption is on.
 * Fields given replace stored ones (an empty string clears one); triggers merge by name.
 * Turning the service on while none of the nine is set turns all nine on.
 */
export function applyWebhookConfig(
  current: { useWebhookService: boolean; config: StoredWebhookConfig },
  change: { useWebhookService?: boolean; webhookServiceConfig?: WebhookConfigInput },
  ctx: WebhookConfigContext,
): { useWebhookService: boolean; config: StoredWebhookConfig } {
  const errors: FieldViolation[] = [];
  const input = change.webhookServiceConfig ?? {};
  checkUrl(input.rawNotificationUrl, `${FIELD}.rawNotificationUrl`, ctx, errors);
  checkUrl(input.processedNotificationUrl, `${FIELD}.processedNotificationUrl`, ctx, errors);
  for (const [name, on] of Object.entries(input.triggers ?? {})) {
    const field = `${FIELD}.triggers.${name}`;
    if (!ACCEPTED_TRIGGERS.includes(name)) {
      errors.push({
        field,
        message: `unknown trigger "${name}"; known: ${ACCEPTED_TRIGGERS.join(', ')}`,
      });
    } else if (typeof on !== 'boolean') {
      errors.push({ field, message: `${field} must be a boolean` });
    }
  }
  if (errors.length > 0) throw ServiceError.invalidArgument(errors);

  const config: StoredWebhookConfig = { ...current.config };
  const setOrClear = <K extends keyof StoredWebhookConfig>(
    key: K,
    value: StoredWebhookConfig[K] | '' | undefined,
  ) => {
    if (value === undefined) return;
    if (value === '') delete config[key];
    else config[key] = value;
  };
  setOrClear('rawNotificationUrl', input.rawNotificationUrl);
  setOrClear('processedNotificationUrl', input.processedNotificationUrl);
  setOrClear('publicKey', input.publicKey);
  setOrClear('encodeData', input.encodeData);
  setOrClear('encryptData', input.encryptData);
  if (input.authToken !== undefined)
    setOrClear('sealedAuthToken', input.authToken && ctx.seal(input.authToken));
  if (input.triggers)
    config.triggers = { ...config.triggers, ...(input.triggers as Record<string, boolean>) };

  const useWebhookService = change.useWebhookService ?? current.useWebhookService;
  if (useWebhookService && !config.rawNotificationUrl && !config.processedNotificationUrl) {
    throw ServiceError.invalidField(
      `${FIELD}.rawNotificationUrl`,
      'a rawNotificationUrl or processedNotificationUrl is required when useWebhookService is true',
    );
  }
  if (config.encryptData && !isRsaPublicKey(config.publicKey)) {
    throw ServiceError.invalidField(
      `${FIELD}.publicKey`,
      'encryptData needs publicKey: an RSA public key, base64 DER (SubjectPublicKeyInfo) without PEM header',
    );
  }
  // Opt-in names alone do not count: the nine are seeded beside them.
  const named = Object.keys(config.triggers ?? {});
  if (
    useWebhookService &&
    !named.some((t) => (WEBHOOK_TRIGGERS as readonly string[]).includes(t))
  ) {
    config.triggers = {
      ...Object.fromEntries(WEBHOOK_TRIGGERS.map((t) => [t, true])),
      ...config.triggers,
    };
  }
  return { useWebhookService, config };
}
