import { SetMetadata } from '@nestjs/common';

export const NO_RATE_LIMIT = 'service:no-rate-limit';

/** Leaves a controller or route out of the rate limit (health, metrics). */
export const NoRateLimit = () => SetMetadata(NO_RATE_LIMIT, true);
