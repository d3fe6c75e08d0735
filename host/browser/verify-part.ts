// The page's aggregate verifier: an aggregate file picked or dropped (a leaf, of version 1 or 2,
// or a node of a tree of aggregates), a message and an epoch typed, the verdict, the signer count
// and keys, and the time it took, all in the tab (the aggregation program is read here on
// first use). A node is verified against the built-in node program, which the page fetches only
// then (node-verifier.ts, a chunk of its own): the other tabs never load its 7 MB.
import { decodeTreeAggregate, type NodeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { verifyAggregate as verifyLeaf } from '../../src/workloads/xmss-aggregate/verify';
import { element, toHex } from './ui';

const ui = {
  drop: element<HTMLElement>('va-drop'),
  file: element<HTMLInputElement>('va-file'),
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

const message = (): Uint8Array | string => {
  const text = ui.message.value.trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return 'the message is 32 bytes: 64 hex digits';
  return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
};

const problem = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Verify is offered once there is an aggregate. */
function ready(): void {
  ui.verify.disabled = aggregate === null;
  if (aggregate === null) return;
  const { kind, publicKeys } = aggregate.value;
  ui.status.textContent = `${aggregate.name}: a ${kind} aggregate of ${publicKeys.length} keys. Type the message and epoch, then verify.`;
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

function show(valid: boolean, text: string): void {
  ui.verdict.textContent = text;
  ui.verdict.className = valid ? 'valid' : 'invalid';
  ui.verdict.dataset.valid = String(valid);
  ui.result.hidden = false;
}

type Verdict = { valid: true; n: number } | { valid: false; reason: string };
type Statement = { message: Uint8Array; epoch: number };

const paint = () => new Promise((done) => setTimeout(done, 0));

/** Verifies a node against the built-in node program (node-verifier.ts), once the first node has
 * fetched its chunk and read the program. */
let verifyNode: ((node: NodeAggregate, statement: Statement) => Verdict) | undefined;

/** verifyNode, loaded the first time; `ms`: what loading took (0 after). A chunk that does not
 * load throws. */
async function loadNodeVerifier(): Promise<{ verifyNode: NonNullable<typeof verifyNode>; ms: number }> {
  if (verifyNode !== undefined) return { verifyNode, ms: 0 };
  const t0 = performance.now();
  ui.status.textContent = 'Fetching the node program…';
  const { compiledNodeProgram, verifyTreeAggregate } = await import('./node-verifier');
  ui.status.textContent = 'Reading the node program…';
  await paint();
  const program = compiledNodeProgram();
  verifyNode = (node, statement) => verifyTreeAggregate(node, statement, { node: program });
  return { verifyNode, ms: performance.now() - t0 };
}

/** The verdict `verify` gives: an error of the verifier's is an INVALID verdict. */
function verdictOf(verify: () => Verdict): Verdict {
  try {
    return verify();
  } catch (e) {
    return { valid: false, reason: problem(e) };
  }
}

async function verify(): Promise<void> {
  if (aggregate === null) return;
  const m = message();
  const epoch = Number(ui.epoch.value);
  if (typeof m === 'string') return void (ui.status.textContent = `Cannot verify: ${m}.`);
  if (!Number.isInteger(epoch) || epoch < 0 || epoch >= 2 ** 32) return void (ui.status.textContent = 'Cannot verify: the epoch is an integer 0 .. 2^32 − 1.');
  const { name, value } = aggregate;
  ui.verify.disabled = true;
  delete ui.verdict.dataset.valid;
  const statement = { message: m, epoch };
  let run = (): Verdict => verifyLeaf(value, statement);
  let programMs = 0;
  if (value.kind === 'node') {
    try {
      const loaded = await loadNodeVerifier();
      run = () => loaded.verifyNode(value, statement);
      programMs = loaded.ms;
    } catch (e) {
      ui.status.textContent = `Cannot verify ${name}: the node program did not load: ${problem(e)}`;
      ui.verify.disabled = false;
      return;
    }
  }
  ui.status.textContent = 'Verifying…';
  await paint();
  const t0 = performance.now();
  const verdict = verdictOf(run);
  const ms = performance.now() - t0;
  ui.kind.textContent = value.kind;
  ui.count.textContent = String(value.publicKeys.length);
  ui.keys.replaceChildren(...value.publicKeys.map((k) => Object.assign(document.createElement('li'), { textContent: toHex(k) })));
  show(verdict.valid, verdict.valid ? `valid: ${verdict.n} keys signed this message at epoch ${epoch}` : `INVALID: ${verdict.reason}`);
  const program = programMs > 0 ? ` (after ${programMs.toFixed(0)} ms fetching and reading the node program, the first time)` : '';
  ui.status.textContent = `Verified ${name} in ${ms.toFixed(0)} ms${program}.`;
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
