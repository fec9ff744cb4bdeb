/**
 * Collects items and hands them over in batches: when maxItems are waiting, intervalMs after the
 * first item of a batch arrived, or when flush() is called (the page is hidden or left). Timers are
 * injected so the rules can be tested without a browser.
 */
export type FlushReason = "size" | "interval" | "hidden" | "consent" | "manual";

export interface BatcherOptions<T> {
  maxItems: number;
  intervalMs: number;
  send: (items: T[], reason: FlushReason) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class Batcher<T> {
  private items: T[] = [];
  private timer: unknown = null;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: BatcherOptions<T>) {
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get size(): number {
    return this.items.length;
  }

  add(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.options.maxItems) {
      this.flush("size");
    } else if (this.timer === null) {
      this.timer = this.setTimer(() => {
        this.timer = null;
        this.flush("interval");
      }, this.options.intervalMs);
    }
  }

  /** Sends what is waiting (nothing when empty) and cancels the pending timer. */
  flush(reason: FlushReason = "manual"): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    if (this.items.length === 0) return;
    this.options.send(this.items.splice(0), reason);
  }

  /** Forgets what is waiting (analytics switched off). */
  clear(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.items = [];
  }
}
