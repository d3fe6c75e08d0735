// The browser page: pick n and a backend, prove in a worker (worker.ts), show progress, stage
// timings, the proof's size and download link, and the verifier's verdict.
import { HASH_BATCH_STAGES } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import { requestBrowserAdapter } from './gpu';
import type { BrowserBackend, ProveRequest, WorkerMessage } from './protocol';
import type { StatementMode } from '../../src/workloads/hash-batch/statement';

const LOG_N = { min: 7, max: 13, default: 10 };

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

const ui = {
  n: element<HTMLSelectElement>('n'),
  backend: element<HTMLSelectElement>('backend'),
  statement: element<HTMLSelectElement>('statement'),
  prove: element<HTMLButtonElement>('prove'),
  notice: element<HTMLParagraphElement>('notice'),
  status: element<HTMLParagraphElement>('status'),
  progress: element<HTMLProgressElement>('progress'),
  result: element<HTMLElement>('result'),
  timings: element<HTMLTableElement>('timings'),
  traffic: element<HTMLParagraphElement>('traffic'),
  size: element<HTMLSpanElement>('size'),
  download: element<HTMLAnchorElement>('download'),
  verdict: element<HTMLSpanElement>('verdict'),
  error: element<HTMLParagraphElement>('error'),
};

for (let log = LOG_N.min; log <= LOG_N.max; log++) {
  ui.n.add(new Option(`2^${log} = ${2 ** log}`, String(2 ** log), false, log === LOG_N.default));
}

function showNotice(text: string): void {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

const fallbackNotice = (why: string) => `WebGPU is not available here: ${why}. Proofs run on the TypeScript CPU backend instead (slower).`;

function showError(text: string): void {
  ui.error.textContent = text;
  ui.error.hidden = false;
  ui.status.textContent = 'Failed.';
  ui.progress.hidden = true;
  ui.prove.disabled = false;
}

let proofUrl: string | undefined;

/** The device traffic in a line, its totals and the witness stage's in data attributes. */
function showTraffic(traffic: Extract<WorkerMessage, { type: 'done' }>['traffic']): void {
  ui.traffic.hidden = traffic === undefined;
  if (traffic === undefined) return;
  const total = totalTraffic(traffic);
  ui.traffic.textContent = `Device traffic: ${describeTraffic(total)}`;
  Object.assign(ui.traffic.dataset, {
    upload: String(total.uploadBytes), read: String(total.readBytes), waits: String(total.waits), rounds: String(total.rounds),
    witnessUpload: String(traffic.witness.uploadBytes), witnessRead: String(traffic.witness.readBytes),
  });
}

function showResult(msg: Extract<WorkerMessage, { type: 'done' }>, n: number, backend: string, statement: StatementMode): void {
  const total = HASH_BATCH_STAGES.reduce((t, s) => t + msg.stageMs[s], 0);
  ui.timings.replaceChildren();
  const row = (name: string, ms: number) => {
    const tr = ui.timings.insertRow();
    tr.insertCell().textContent = name;
    const cell = tr.insertCell();
    cell.className = 'ms';
    cell.textContent = `${ms.toFixed(0)} ms`;
  };
  for (const s of HASH_BATCH_STAGES) row(s, msg.stageMs[s]);
  row('prove total', total);
  row('verify', msg.verifyMs);
  showTraffic(msg.traffic);
  ui.size.textContent = `${msg.proof.length} bytes`;
  if (proofUrl) URL.revokeObjectURL(proofUrl);
  proofUrl = URL.createObjectURL(new Blob([msg.proof as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
  ui.download.href = proofUrl;
  ui.download.download = `blake2s_batch_n${Math.log2(n)}${statement === 'bound' ? '_bound' : ''}.proof`;
  ui.verdict.textContent = msg.verdict.valid ? 'valid' : `INVALID: ${msg.verdict.reason}`;
  ui.verdict.className = msg.verdict.valid ? 'valid' : 'invalid';
  ui.verdict.dataset.valid = String(msg.verdict.valid);
  ui.result.hidden = false;
  ui.progress.hidden = true;
  ui.status.textContent = `Proved ${n} BLAKE2s compressions on ${backend} in ${total.toFixed(0)} ms (${(n / (total / 1000)).toFixed(0)} compressions/s).`;
  ui.prove.disabled = false;
}

// One worker per proof: a fresh one frees the previous proof's memory and GPU device.
function prove(): void {
  const n = Number(ui.n.value);
  const maxBinding = new URLSearchParams(location.search).get('maxBinding');
  const request: ProveRequest = {
    n,
    backend: ui.backend.value as BrowserBackend,
    statement: ui.statement.value as StatementMode,
    ...(maxBinding === null ? {} : { maxBindingBytes: Number(maxBinding) }),
  };
  ui.prove.disabled = true;
  ui.result.hidden = true;
  ui.error.hidden = true;
  ui.progress.hidden = false;
  ui.progress.value = 0;
  ui.status.textContent = `Starting a proof of ${n} compressions…`;
  let backend: string = request.backend;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onerror = (e) => {
    worker.terminate();
    showError(`The prover's worker failed: ${e.message || 'it could not be loaded'}`);
  };
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const msg = event.data;
    switch (msg.type) {
      case 'backend':
        backend = msg.name;
        if (msg.fallback) showNotice(fallbackNotice(msg.fallback));
        ui.status.textContent = `Proving ${n} compressions on ${msg.name} (${msg.detail})…`;
        break;
      case 'progress':
        ui.progress.value = msg.fraction;
        ui.status.textContent = `Proving ${n} compressions on ${backend}: ${msg.stage} (${(100 * msg.fraction).toFixed(0)}%)…`;
        break;
      case 'done':
        worker.terminate();
        showResult(msg, n, backend, request.statement);
        break;
      case 'error':
        worker.terminate();
        showError(`Proving failed: ${msg.message}`);
        break;
    }
  };
  worker.postMessage(request);
}

ui.prove.addEventListener('click', prove);

// Say at once when WebGPU is missing; the worker still checks for itself when it proves.
requestBrowserAdapter().then((found) => {
  if ('unavailable' in found) {
    showNotice(fallbackNotice(found.unavailable));
    ui.backend.value = 'cpu';
    ui.status.textContent = 'Ready (CPU backend).';
  } else {
    ui.status.textContent = `Ready. WebGPU adapter: ${found.label}.`;
  }
  ui.prove.disabled = false;
});
