// The page's hash-batch part: pick n and a backend, prove in a worker, show progress, stage
// timings, the proof's size and download link, and the verifier's verdict.
import { HASH_BATCH_STAGES } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import type { StatementMode } from '../../src/workloads/hash-batch/statement';
import type { BrowserBackend, HashDone } from './protocol';
import { element, offerDownload, startJob } from './ui';

const LOG_N = { min: 7, max: 13, default: 10 };

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

export function showNotice(text: string): void {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

function showError(text: string): void {
  ui.error.textContent = text;
  ui.error.hidden = false;
  ui.status.textContent = 'Failed.';
  ui.progress.hidden = true;
  ui.prove.disabled = false;
}

/** The device traffic in a line, its totals and the witness stage's in data attributes. */
function showTraffic(traffic: HashDone['traffic']): void {
  ui.traffic.hidden = traffic === undefined;
  if (traffic === undefined) return;
  const total = totalTraffic(traffic);
  ui.traffic.textContent = `Device traffic: ${describeTraffic(total)}`;
  Object.assign(ui.traffic.dataset, {
    upload: String(total.uploadBytes), read: String(total.readBytes), waits: String(total.waits), rounds: String(total.rounds),
    witnessUpload: String(traffic.witness.uploadBytes), witnessRead: String(traffic.witness.readBytes),
  });
}

function showResult(msg: HashDone, n: number, backend: string, statement: StatementMode): void {
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
  offerDownload(ui.download, msg.proof, `blake2s_batch_n${Math.log2(n)}${statement === 'bound' ? '_bound' : ''}.proof`);
  ui.verdict.textContent = msg.verdict.valid ? 'valid' : `INVALID: ${msg.verdict.reason}`;
  ui.verdict.className = msg.verdict.valid ? 'valid' : 'invalid';
  ui.verdict.dataset.valid = String(msg.verdict.valid);
  ui.result.hidden = false;
  ui.progress.hidden = true;
  ui.status.textContent = `Proved ${n} BLAKE2s compressions on ${backend} in ${total.toFixed(0)} ms (${(n / (total / 1000)).toFixed(0)} compressions/s).`;
  ui.prove.disabled = false;
}

function prove(): void {
  const n = Number(ui.n.value);
  const statement = ui.statement.value as StatementMode;
  ui.prove.disabled = true;
  ui.result.hidden = true;
  ui.error.hidden = true;
  ui.progress.hidden = false;
  ui.progress.value = 0;
  ui.status.textContent = `Starting a proof of ${n} compressions…`;
  let backend: string = ui.backend.value;
  startJob({ kind: 'hash', n, backend: ui.backend.value as BrowserBackend, statement }, {
    onMessage(msg) {
      if (msg.type === 'backend') {
        backend = msg.name;
        if (msg.fallback) showNotice(fallbackNotice(msg.fallback));
        ui.status.textContent = `Proving ${n} compressions on ${msg.name} (${msg.detail})…`;
      } else if (msg.type === 'progress') {
        ui.progress.value = msg.fraction;
        ui.status.textContent = `Proving ${n} compressions on ${backend}: ${msg.stage} (${(100 * msg.fraction).toFixed(0)}%)…`;
      } else if (msg.result.kind === 'hash') showResult(msg.result, n, backend, statement);
    },
    onError: (message) => showError(`Proving failed: ${message}`),
    onCancelled: () => showError('Cancelled.'),
  });
}

export const fallbackNotice = (why: string) => `WebGPU is not available here: ${why}. Proofs run on the TypeScript CPU backend instead (slower).`;

/** Wires the part; `adapter` is the WebGPU adapter's label, or why there is none. */
export function initHashPart(adapter: { label: string } | { unavailable: string }): void {
  ui.prove.addEventListener('click', prove);
  if ('unavailable' in adapter) {
    showNotice(fallbackNotice(adapter.unavailable));
    ui.backend.value = 'cpu';
    ui.status.textContent = 'Ready (CPU backend).';
  } else {
    ui.status.textContent = `Ready. WebGPU adapter: ${adapter.label}.`;
  }
  ui.prove.disabled = false;
}
