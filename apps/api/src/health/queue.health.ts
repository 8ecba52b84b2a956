import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { JobQueue } from '@app/platform';

/** Reports whether the job transport (Bull on Redis, or in-process) can take work. */
@Injectable()
export class QueueHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly queue: JobQueue,
  ) {}

  async isHealthy(key: string) {
    const check = this.indicator.check(key);
    return (await this.queue.isHealthy())
      ? check.up()
      : check.down({ message: 'queue transport unreachable' });
  }
}
