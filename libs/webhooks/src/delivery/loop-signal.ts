/** The sleep of a loop that others end early: an attempt ended, more work came, a stop. */
export class LoopSignal {
  private wake?: () => void;

  /** Resolves after `ms`, or (none given, or sooner) when poked. */
  wait(ms?: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => this.poke(), ms);
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
