/**
 * A piece of work a process runs every interval (the reminder mails, the pushes), one run at a
 * time: a slow mail server or push service does not pile runs up. stop() waits for the run under
 * way, so the database can close after it.
 */
export class PeriodicSweep {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      this.running ??= this.run()
        .catch(this.onError)
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
