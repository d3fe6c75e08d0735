// The page's aggregate verifier: an aggregate file picked or dropped, a message and an epoch
// typed, the verdict, the signer count and keys, and the time it took, all in the tab (the
// aggregation program is compiled here on first use).
import { type Aggregate, decodeAggregate, verifyAggregate } from '../../src/workloads/xmss-aggregate/index';
import { element, toHex } from './ui';

const ui = {
  drop: element<HTMLElement>('va-drop'),
  file: element<HTMLInputElement>('va-file'),
  message: element<HTMLInputElement>('va-message'),
  epoch: element<HTMLInputElement>('va-epoch'),
  verify: element<HTMLButtonElement>('va-verify'),
  status: element<HTMLParagraphElement>('va-status'),
  verdict: element<HTMLSpanElement>('va-verdict'),
  count: element<HTMLSpanElement>('va-count'),
  keys: element<HTMLOListElement>('va-keys'),
  result: element<HTMLElement>('va-result'),
};

let aggregate: { name: string; value: Aggregate } | null = null;

const message = (): Uint8Array | string => {
  const text = ui.message.value.trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return 'the message is 32 bytes: 64 hex digits';
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
};

async function read(file: File): Promise<void> {
  ui.result.hidden = true;
  try {
    aggregate = { name: file.name, value: decodeAggregate(new Uint8Array(await file.arrayBuffer())) };
    ui.status.textContent = `${file.name}: an aggregate of ${aggregate.value.publicKeys.length} keys (${file.size} bytes). Type the message and epoch, then verify.`;
    ui.verify.disabled = false;
  } catch (e) {
    aggregate = null;
    ui.verify.disabled = true;
    ui.status.textContent = `${file.name} is no aggregate: ${e instanceof Error ? e.message : String(e)}`;
  }
}

function show(valid: boolean, text: string): void {
  ui.verdict.textContent = text;
  ui.verdict.className = valid ? 'valid' : 'invalid';
  ui.verdict.dataset.valid = String(valid);
  ui.result.hidden = false;
}

async function verify(): Promise<void> {
  if (aggregate === null) return;
  const m = message();
  const epoch = Number(ui.epoch.value);
  if (typeof m === 'string') return void (ui.status.textContent = `Cannot verify: ${m}.`);
  if (!Number.isInteger(epoch) || epoch < 0 || epoch >= 2 ** 32) return void (ui.status.textContent = 'Cannot verify: the epoch is an integer 0 .. 2^32 − 1.');
  ui.verify.disabled = true;
  ui.status.textContent = 'Verifying…';
  await new Promise((paint) => setTimeout(paint, 0));
  const t0 = performance.now();
  const verdict = (() => {
    try {
      return verifyAggregate(aggregate.value, { message: m, epoch });
    } catch (e) {
      return { valid: false as const, reason: e instanceof Error ? e.message : String(e) };
    }
  })();
  const ms = performance.now() - t0;
  ui.count.textContent = String(aggregate.value.publicKeys.length);
  ui.keys.replaceChildren(...aggregate.value.publicKeys.map((k) => Object.assign(document.createElement('li'), { textContent: toHex(k) })));
  show(verdict.valid, verdict.valid ? `valid: ${verdict.n} keys signed this message at epoch ${epoch}` : `INVALID: ${verdict.reason}`);
  ui.status.textContent = `Verified ${aggregate.name} in ${ms.toFixed(0)} ms.`;
  ui.verify.disabled = false;
}

export function initVerifyPart(): void {
  ui.file.addEventListener('change', () => {
    const file = ui.file.files?.[0];
    if (file !== undefined) void read(file);
  });
  ui.drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    ui.drop.classList.add('over');
  });
  ui.drop.addEventListener('dragleave', () => ui.drop.classList.remove('over'));
  ui.drop.addEventListener('drop', (e) => {
    e.preventDefault();
    ui.drop.classList.remove('over');
    const file = e.dataTransfer?.files[0];
    if (file !== undefined) void read(file);
  });
  ui.verify.addEventListener('click', () => void verify());
  ui.status.textContent = 'Pick or drop an aggregate file.';
}
