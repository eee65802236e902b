// A one-line progress bar with rate and ETA on stderr (redrawn in place on a
// terminal, a line every 10% otherwise, so CI logs stay short).

export class Progress {
  private done = 0;
  private pass = 0;
  private readonly started = performance.now();
  private lastDecile = -1;
  private readonly tty: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly enabled = true,
  ) {
    this.tty = Boolean(stream.isTTY);
  }

  tick(passed: boolean): void {
    this.done++;
    if (passed) this.pass++;
    if (!this.enabled) return;
    if (this.tty) this.stream.write(`\r${this.line()}`);
    else {
      const decile = Math.floor((10 * this.done) / Math.max(1, this.total));
      if (decile !== this.lastDecile || this.done === this.total) {
        this.lastDecile = decile;
        this.stream.write(`${this.line()}\n`);
      }
    }
  }

  line(): string {
    const s = (performance.now() - this.started) / 1000;
    const rate = this.done / Math.max(s, 1e-9);
    const eta = rate > 0 ? (this.total - this.done) / rate : Infinity;
    const width = 24;
    const filled = Math.round((width * this.done) / Math.max(1, this.total));
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    const pct = ((100 * this.pass) / Math.max(1, this.done)).toFixed(1);
    return `${this.label} ${bar} ${this.done}/${this.total} pass ${pct}% ${rate.toFixed(1)}/s ETA ${fmtDuration(eta)}   `;
  }

  finish(): void {
    if (this.enabled && this.tty) this.stream.write('\n');
  }
}

function fmtDuration(s: number): string {
  if (!Number.isFinite(s)) return '--:--';
  const m = Math.floor(s / 60);
  const sec = Math.round(s % 60);
  return m >= 60 ? `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m` : `${m}:${String(sec).padStart(2, '0')}`;
}
