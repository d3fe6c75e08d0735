// A one-line progress bar on stderr, redrawn in place, for long work; only on a terminal
// (a pipe or a file gets nothing, so logs stay clean).
const WIDTH = 24;

export interface Progress {
  /** `stage` names the work under way (a proof stage, keygen). */
  update(stage: string, fraction: number): void;
  /** Clears the line. */
  done(): void;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr): Progress | undefined {
  if (!stream.isTTY) return undefined;
  const t0 = performance.now();
  const draw = (text: string) => stream.write(`\r\x1b[K${text}`);
  return {
    update(stage, fraction) {
      const filled = Math.round(WIDTH * Math.min(1, Math.max(0, fraction)));
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      const label = fraction >= 1 ? 'done' : stage;
      draw(`[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.round(100 * fraction)).padStart(3)}% ${label.padEnd(9)} ${seconds} s`);
    },
    done() {
      draw('');
    },
  };
}
