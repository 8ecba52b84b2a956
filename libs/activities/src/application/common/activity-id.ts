import { randomUUID } from 'node:crypto';

/** A caller-given record id (operation 18), in the alphabet of notification ids (D4.3). */
export const ACTIVITY_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const ACTIVITY_ID_RULE = {
  message: '$property may hold only letters, digits, _ and - (1 to 128 characters)',
};

/** A server-made id, in the same alphabet, so it can be given back in any call. */
export const newActivityId = (): string => randomUUID();
