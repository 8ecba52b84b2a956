/** The sleep of a loop that others end early: an attempt ended, more work came, a stop. */
export class LoopSignal {
  private wake?: () => void;

  /**
   * Resolves after `ms`, or (none given, or sooner) when poked. A time already past (a scan
   * overdue on a busy machine) waits no time: Node 24 warns of a negative timeout.
   */
  wait(ms?: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => this.poke(), Math.max(0, ms));
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  poke(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
