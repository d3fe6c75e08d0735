// The page's aggregate verifier: an aggregate file picked or dropped (a leaf, of version 1 or 2,
// or a node of a tree of aggregates), a message and an epoch typed, the verdict, the signer count
// and keys, and the time it took, all in the tab (the aggregation program is compiled here on
// first use). A node is verified against the node program (src/workloads/recursion/verify.ts),
// which the page does not hold yet: the user picks its JSON, and the file's program digest must
// be that program's.
import { parseProgram, type Program } from '../../src/vm/program';
import { decodeTreeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { element, toHex } from './ui';

const ui = {
  drop: element<HTMLElement>('va-drop'),
  file: element<HTMLInputElement>('va-file'),
  node: element<HTMLElement>('va-node'),
  nodeProgram: element<HTMLInputElement>('va-node-program'),
  message: element<HTMLInputElement>('va-message'),
  epoch: element<HTMLInputElement>('va-epoch'),
  verify: element<HTMLButtonElement>('va-verify'),
  status: element<HTMLParagraphElement>('va-status'),
  verdict: element<HTMLSpanElement>('va-verdict'),
  kind: element<HTMLSpanElement>('va-kind'),
  count: element<HTMLSpanElement>('va-count'),
  keys: element<HTMLOListElement>('va-keys'),
  result: element<HTMLElement>('va-result'),
};

let aggregate: { name: string; value: TreeAggregate } | null = null;
let nodeProgram: { name: string; value: Program } | null = null;

const message = (): Uint8Array | string => {
  const text = ui.message.value.trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return 'the message is 32 bytes: 64 hex digits';
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
};

const problem = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Verify is offered once there is an aggregate, and for a node its program. */
function ready(): void {
  const needsProgram = aggregate?.value.kind === 'node' && nodeProgram === null;
  ui.node.hidden = aggregate?.value.kind !== 'node';
  ui.verify.disabled = aggregate === null || needsProgram;
  if (aggregate === null) return;
  const { kind, publicKeys } = aggregate.value;
  const program = kind === 'leaf' ? '' : nodeProgram === null ? ' Pick the node program\'s JSON,' : ` Node program: ${nodeProgram.name}.`;
  ui.status.textContent = `${aggregate.name}: a ${kind} aggregate of ${publicKeys.length} keys.${program} Type the message and epoch, then verify.`;
}

async function read(file: File): Promise<void> {
  ui.result.hidden = true;
  try {
    aggregate = { name: file.name, value: decodeTreeAggregate(new Uint8Array(await file.arrayBuffer())) };
    ready();
  } catch (e) {
    aggregate = null;
    ready();
    ui.status.textContent = `${file.name} is no aggregate: ${problem(e)}`;
  }
}

async function readNodeProgram(file: File): Promise<void> {
  try {
    nodeProgram = { name: file.name, value: parseProgram(await file.text()) };
    ready();
  } catch (e) {
    nodeProgram = null;
    ready();
    ui.status.textContent = `${file.name} is no program: ${problem(e)}`;
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
  const { value } = aggregate;
  ui.verify.disabled = true;
  delete ui.verdict.dataset.valid;
  ui.status.textContent = 'Verifying…';
  await new Promise((paint) => setTimeout(paint, 0));
  const t0 = performance.now();
  const verdict = (() => {
    try {
      return verifyTreeAggregate(value, { message: m, epoch }, { node: nodeProgram?.value });
    } catch (e) {
      return { valid: false as const, reason: problem(e) };
    }
  })();
  const ms = performance.now() - t0;
  ui.kind.textContent = value.kind;
  ui.count.textContent = String(value.publicKeys.length);
  ui.keys.replaceChildren(...value.publicKeys.map((k) => Object.assign(document.createElement('li'), { textContent: toHex(k) })));
  show(verdict.valid, verdict.valid ? `valid: ${verdict.n} keys signed this message at epoch ${epoch}` : `INVALID: ${verdict.reason}`);
  ui.status.textContent = `Verified ${aggregate.name} in ${ms.toFixed(0)} ms.`;
  ui.verify.disabled = false;
}

/** Calls `read` with the first file picked in `input`. */
function onPick(input: HTMLInputElement, read: (file: File) => Promise<void>): void {
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file !== undefined) void read(file);
  });
}

export function initVerifyPart(): void {
  onPick(ui.file, read);
  onPick(ui.nodeProgram, readNodeProgram);
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
