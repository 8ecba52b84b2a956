import { randomBytes } from 'node:crypto';

/** D4.3: a caller-given notification id. */
export const NOTIFICATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** A server-made id: opaque, in the same alphabet, so it can be given back in any call. */
export const newNotificationId = (): string => randomBytes(16).toString('base64url');
