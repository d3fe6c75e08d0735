// The page's Aggregate part: n XMSS keys generated in the tab, each signing one message at one
// epoch, the signatures aggregated in a worker (progress, Cancel), then verified here and offered
// as a download.
import { decodeAggregate, verifyAggregate } from '../../src/workloads/xmss-aggregate/index';
import type { BrowserBackend } from './protocol';
import { element, offerDownload, stageChart, startJob, toHex } from './ui';

const MAX_KEYS = 64;

const ui = {
  n: element<HTMLInputElement>('ag-n'),
  message: element<HTMLInputElement>('ag-message'),
  epoch: element<HTMLInputElement>('ag-epoch'),
  backend: element<HTMLSelectElement>('ag-backend'),
  prove: element<HTMLButtonElement>('ag-prove'),
  cancel: element<HTMLButtonElement>('ag-cancel'),
  status: element<HTMLParagraphElement>('ag-status'),
  progress: element<HTMLProgressElement>('ag-progress'),
  result: element<HTMLElement>('ag-result'),
  chart: element<HTMLElement>('ag-chart'),
  size: element<HTMLSpanElement>('ag-size'),
  verdict: element<HTMLSpanElement>('ag-verdict'),
  download: element<HTMLAnchorElement>('ag-download'),
};

let job: { cancel(): void } | null = null;

function ready(text: string): void {
  ui.status.textContent = text;
  ui.progress.hidden = true;
  ui.prove.disabled = false;
  ui.cancel.disabled = true;
  job = null;
}

function prove(): void {
  const n = Number(ui.n.value);
  const epoch = Number(ui.epoch.value);
  const hex = ui.message.value.trim();
  if (!Number.isInteger(n) || n < 1 || n > MAX_KEYS) return ready(`Signers: 1 .. ${MAX_KEYS}.`);
  if (!Number.isInteger(epoch) || epoch < 1 || epoch >= 2 ** 20) return ready('The epoch: an integer 1 .. 2^20 − 1.');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return ready('The message: 32 bytes as 64 hex digits.');
  const message = Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16));
  ui.result.hidden = true;
  ui.prove.disabled = true;
  ui.cancel.disabled = false;
  ui.progress.hidden = false;
  ui.progress.value = 0;
  ui.status.textContent = `Generating ${n} keys…`;
  let backend: string = ui.backend.value;
  job = startJob({ kind: 'aggregate', n, message, epoch, backend: ui.backend.value as BrowserBackend }, {
    onMessage(msg) {
      if (msg.type === 'backend') backend = msg.name;
      else if (msg.type === 'progress') {
        ui.progress.value = msg.fraction;
        ui.status.textContent = msg.stage === 'keys' ? `Generating and signing with ${n} keys…` : `Aggregating on ${backend}: ${msg.stage} (${(100 * msg.fraction).toFixed(0)}%)…`;
      } else if (msg.result.kind === 'aggregate') {
        const { bytes, stageMs } = msg.result;
        const t0 = performance.now();
        const verdict = verifyAggregate(decodeAggregate(bytes), { message, epoch });
        const verifyMs = performance.now() - t0;
        stageChart(ui.chart, { ...stageMs, verify: verifyMs });
        ui.size.textContent = `${bytes.length} bytes`;
        ui.verdict.textContent = verdict.valid ? `valid: ${verdict.n} keys signed ${hex.slice(0, 16)}… at epoch ${epoch}` : `INVALID: ${verdict.reason}`;
        ui.verdict.className = verdict.valid ? 'valid' : 'invalid';
        ui.verdict.dataset.valid = String(verdict.valid);
        offerDownload(ui.download, bytes, `aggregate_${n}_epoch${epoch}.agg`);
        ui.result.hidden = false;
        ready(`Aggregated ${n} signatures on ${backend}.`);
      }
    },
    onError: (message) => ready(`Failed: ${message}`),
    onCancelled: (stage) => ready(`Cancelled${stage === undefined ? '' : ` in the ${stage} stage`}. Ready.`),
  });
}

export function initAggregatePart(webgpu: boolean): void {
  ui.message.value = toHex(crypto.getRandomValues(new Uint8Array(32)));
  if (!webgpu) ui.backend.value = 'cpu';
  ui.prove.addEventListener('click', prove);
  ui.cancel.addEventListener('click', () => {
    ui.cancel.disabled = true;
    ui.status.textContent = 'Cancelling…';
    job?.cancel();
  });
  ready('Ready.');
}
