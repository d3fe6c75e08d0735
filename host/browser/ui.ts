// What the page's parts share: finding their elements, download links for bytes, a small bar
// chart of stage times, and running a job in a fresh worker with a cancel.
import type { Job, PageMessage, WorkerMessage } from './protocol';

export function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Points `link` at `bytes` as a download named `name` (revoking the URL it had). */
export function offerDownload(link: HTMLAnchorElement, bytes: Uint8Array | string, name: string): void {
  if (link.href.startsWith('blob:')) URL.revokeObjectURL(link.href);
  const type = typeof bytes === 'string' ? 'application/json' : 'application/octet-stream';
  link.href = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  link.download = name;
}

/** Stage times as one row each: name, a bar of its share of the longest, milliseconds. */
export function stageChart(container: HTMLElement, stageMs: Readonly<Record<string, number>>): void {
  const longest = Math.max(1, ...Object.values(stageMs));
  container.replaceChildren(...Object.entries(stageMs).map(([stage, ms]) => {
    const row = document.createElement('div');
    row.className = 'bar-row';
    const name = document.createElement('span');
    name.textContent = stage;
    const bar = document.createElement('span');
    bar.className = 'bar';
    bar.style.width = `${(100 * ms) / longest}%`;
    const track = document.createElement('span');
    track.className = 'bar-track';
    track.append(bar);
    const time = document.createElement('span');
    time.className = 'ms';
    time.textContent = `${ms.toFixed(0)} ms`;
    row.append(name, track, time);
    return row;
  }));
}

export interface JobEvents {
  onMessage(msg: Exclude<WorkerMessage, { type: 'cancelled' } | { type: 'error' }>): void;
  onError(message: string): void;
  onCancelled(stage?: string): void;
}

/** A worker stopped by a cancel that has not answered in this long is terminated. */
const CANCEL_GRACE_MS = 10_000;

/** Runs `job` in a fresh worker (one a job: it frees the job's memory and GPU device); cancel()
 * asks the prover to stop, which frees its buffers and answers 'cancelled'. */
export function startJob(job: Job, events: JobEvents): { cancel(): void } {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  let over = false;
  const end = () => {
    over = true;
    worker.terminate();
  };
  worker.onerror = (e) => {
    end();
    events.onError(`The prover's worker failed: ${e.message || 'it could not be loaded'}`);
  };
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const msg = event.data;
    if (msg.type === 'cancelled') {
      end();
      events.onCancelled(msg.stage);
    } else if (msg.type === 'error') {
      end();
      events.onError(msg.message);
    } else {
      if (msg.type === 'done') end();
      events.onMessage(msg);
    }
  };
  const query = new URLSearchParams(location.search);
  const [maxBinding, maxBuffer] = [query.get('maxBinding'), query.get('maxBuffer')];
  const message: PageMessage = {
    type: 'job',
    job,
    ...(maxBinding === null ? {} : { maxBindingBytes: Number(maxBinding) }),
    ...(maxBuffer === null ? {} : { maxBufferBytes: Number(maxBuffer) }),
  };
  worker.postMessage(message);
  return {
    cancel() {
      if (over) return;
      worker.postMessage({ type: 'cancel' });
      setTimeout(() => {
        if (over) return;
        end();
        events.onCancelled();
      }, CANCEL_GRACE_MS);
    },
  };
}
