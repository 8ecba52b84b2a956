import { freeLoopbackPort } from '@app/platform';

/** A TCP port nobody listens on right now, for a server a test starts. */
export const freePort = freeLoopbackPort;
