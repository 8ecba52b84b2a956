import { Injectable } from '@nestjs/common';

/**
 * Where the process is in its shutdown: `serving`; `draining` once SIGTERM came (readiness
 * answers 503, requests are still served: a load balancer may still send some for a moment);
 * `closing` once the listener is closed (requests that still arrive on open connections answer
 * 503 UNAVAILABLE with `Connection: close`).
 */
@Injectable()
export class ShutdownState {
  phase: 'serving' | 'draining' | 'closing' = 'serving';

  get shuttingDown(): boolean {
    return this.phase !== 'serving';
  }
}
