// The page's Program part: a zkDSL source (one of examples/ to start from) compiled in the page
// (errors at file:line:col), run (cycles per table, the public input it publishes, its prints),
// proved in a worker on webgpu or the TypeScript backend with progress and Cancel, verified in
// the page; the proof's size, its stage times and downloads of the program JSON and the proof.
import blake2sMessage from '../../examples/blake2s_message.py';
import fibonacci from '../../examples/fibonacci.py';
import merklePath from '../../examples/merkle_path.py';
import type { E } from '../../src/field/e';
import { execute } from '../../src/vm/execute';
import { TABLES } from '../../src/vm/isa';
import { type Program, programToJson } from '../../src/vm/program';
import type { PublicInput } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { eToJson } from '../../src/vm/words';
import { ZkdslError, compileSource } from '../../src/zkdsl/index';
import type { BrowserBackend } from './protocol';
import { element, offerDownload, stageChart, startJob } from './ui';

/** Each example with the placeholder values it needs (a small run). */
const EXAMPLES: Record<string, { source: string; defines: string }> = {
  fibonacci: { source: fibonacci, defines: 'N_PLACEHOLDER=24' },
  blake2s_message: { source: blake2sMessage, defines: '' },
  merkle_path: { source: merklePath, defines: '' },
};

const ui = {
  example: element<HTMLSelectElement>('pg-example'),
  defines: element<HTMLInputElement>('pg-defines'),
  source: element<HTMLTextAreaElement>('pg-source'),
  compile: element<HTMLButtonElement>('pg-compile'),
  run: element<HTMLButtonElement>('pg-run'),
  backend: element<HTMLSelectElement>('pg-backend'),
  prove: element<HTMLButtonElement>('pg-prove'),
  cancel: element<HTMLButtonElement>('pg-cancel'),
  verify: element<HTMLButtonElement>('pg-verify'),
  status: element<HTMLParagraphElement>('pg-status'),
  progress: element<HTMLProgressElement>('pg-progress'),
  error: element<HTMLParagraphElement>('pg-error'),
  runResult: element<HTMLElement>('pg-run-result'),
  tables: element<HTMLTableElement>('pg-tables'),
  publicInput: element<HTMLElement>('pg-public-input'),
  prints: element<HTMLElement>('pg-prints'),
  proofResult: element<HTMLElement>('pg-proof'),
  size: element<HTMLSpanElement>('pg-size'),
  chart: element<HTMLElement>('pg-chart'),
  downloadProgram: element<HTMLAnchorElement>('pg-download-program'),
  downloadProof: element<HTMLAnchorElement>('pg-download-proof'),
  verdict: element<HTMLSpanElement>('pg-verdict'),
};

/** What the page has of the current source: compiled, run, proved. */
let compiled: { program: Program; annotated: PublicInput | null; name: string } | null = null;
let publicInput: PublicInput | null = null;
let proof: Uint8Array | null = null;
let job: { cancel(): void } | null = null;

const fileName = () => `${ui.example.value}.py`;
const hexOf = (e: E) => eToJson(e).join(',');

function ready(text: string): void {
  ui.status.textContent = text;
  ui.progress.hidden = true;
  ui.cancel.disabled = true;
  // Run and Prove compile (and run) first where that is not done yet.
  for (const b of [ui.compile, ui.run, ui.prove]) b.disabled = false;
  ui.verify.disabled = proof === null;
  job = null;
}

function fail(text: string, at?: { line: number; col: number }): void {
  ui.error.textContent = text;
  ui.error.hidden = false;
  if (at === undefined) delete ui.error.dataset.line;
  else Object.assign(ui.error.dataset, { line: String(at.line), col: String(at.col) });
  ready('Failed.');
}

/** Forgets what was made of an older source. */
function reset(): void {
  compiled = null;
  publicInput = null;
  proof = null;
  ui.error.hidden = true;
  ui.runResult.hidden = true;
  ui.proofResult.hidden = true;
  ready('Edited: compile to go on.');
}

function defines(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of ui.defines.value.split(/[,\s]+/).filter(Boolean)) {
    const [name, ...value] = part.split('=');
    out.set(name, value.join('='));
  }
  return out;
}

function compile(): boolean {
  reset();
  try {
    const t0 = performance.now();
    const { program, publicInput: annotated } = compileSource(ui.source.value, { file: fileName(), defines: defines() });
    compiled = { program, annotated, name: ui.example.value };
    offerDownload(ui.downloadProgram, programToJson(program), `${ui.example.value}.program.json`);
    ready(`Compiled ${fileName()}: ${program.bytecode.length} bytecode slots in ${(performance.now() - t0).toFixed(0)} ms.`);
    return true;
  } catch (e) {
    if (!(e instanceof ZkdslError)) {
      fail(`Compiling failed: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
    fail(e.message, e);
    // The caret at the fault.
    const lines = ui.source.value.split('\n');
    const offset = lines.slice(0, e.line - 1).reduce((n, l) => n + l.length + 1, 0) + e.col - 1;
    ui.source.setSelectionRange(offset, offset);
    return false;
  }
}

function run(): boolean {
  if (compiled === null && !compile()) return false;
  const { program, annotated } = compiled!;
  ui.error.hidden = true;
  let exec;
  const t0 = performance.now();
  try {
    exec = execute(program, annotated);
  } catch (e) {
    fail(`The run stopped: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
  const ms = performance.now() - t0;
  ui.tables.replaceChildren();
  const head = ui.tables.createTHead().insertRow();
  for (const h of ['table', 'rows', 'filled', 'τ']) head.insertCell().textContent = h;
  const body = ui.tables.createTBody();
  TABLES.forEach((t, i) => {
    const row = body.insertRow();
    for (const v of [t, exec.baseCounts[i], exec.rowCounts[i], exec.taus?.[i] ?? '-']) row.insertCell().textContent = String(v);
  });
  publicInput = annotated ?? [exec.memory.slice(0, 6), exec.memory.slice(6, 12)];
  ui.publicInput.textContent = `m[0] = ${hexOf(publicInput[0])}, m[1] = ${hexOf(publicInput[1])}${annotated === null ? ' (as the run published it)' : ''}`;
  ui.prints.textContent = exec.prints.length === 0 ? 'no prints' : exec.prints.map((p) => `${p.label} = ${p.value === null ? '<unwritten>' : hexOf(p.value as E)}`).join('; ');
  ui.runResult.hidden = false;
  ui.runResult.dataset.cycles = String(exec.cycles);
  ready(`Ran ${exec.programCycles} cycles (${exec.cycles} with the fill) in ${ms.toFixed(0)} ms; memory h = ${exec.logMem}.`);
  return true;
}

function prove(): void {
  if (publicInput === null && !run()) return;
  const { program, name } = compiled!;
  proof = null;
  ui.proofResult.hidden = true;
  delete ui.verdict.dataset.valid;
  ui.verdict.textContent = '';
  ui.error.hidden = true;
  for (const b of [ui.compile, ui.run, ui.prove, ui.verify]) b.disabled = true;
  ui.cancel.disabled = false;
  ui.progress.hidden = false;
  ui.progress.value = 0;
  ui.status.textContent = 'Starting the proof…';
  let backend: string = ui.backend.value;
  job = startJob({ kind: 'program', programJson: programToJson(program), publicInput: [publicInput![0].slice(), publicInput![1].slice()], backend: ui.backend.value as BrowserBackend }, {
    onMessage(msg) {
      if (msg.type === 'backend') backend = msg.name;
      else if (msg.type === 'progress') {
        ui.progress.value = msg.fraction;
        ui.status.textContent = `Proving on ${backend}: ${msg.stage} (${(100 * msg.fraction).toFixed(0)}%)…`;
      } else if (msg.result.kind === 'program') {
        proof = msg.result.proof;
        const total = Object.values(msg.result.stageMs).reduce((a, b) => a + b, 0);
        ui.size.textContent = `${proof.length} bytes`;
        stageChart(ui.chart, msg.result.stageMs);
        offerDownload(ui.downloadProof, proof, `${name}.proof`);
        ui.proofResult.hidden = false;
        ready(`Proved ${msg.result.cycles} cycles on ${backend} in ${total.toFixed(0)} ms. Verify it next.`);
      }
    },
    onError: (message) => fail(`Proving failed: ${message}`),
    onCancelled: (stage) => ready(`Cancelled${stage === undefined ? '' : ` in the ${stage} stage`}. Ready.`),
  });
}

function verify(): void {
  if (compiled === null || publicInput === null || proof === null) return;
  const t0 = performance.now();
  const verdict = verifyProgram(compiled.program, publicInput, proof);
  const ms = performance.now() - t0;
  ui.verdict.textContent = verdict.valid ? `valid (verified in ${ms.toFixed(0)} ms)` : `INVALID: ${verdict.reason}`;
  ui.verdict.className = verdict.valid ? 'valid' : 'invalid';
  ui.verdict.dataset.valid = String(verdict.valid);
}

function load(): void {
  const example = EXAMPLES[ui.example.value];
  ui.source.value = example.source;
  ui.defines.value = example.defines;
  reset();
  ready('Ready: compile, run, prove.');
}

export function initProgramPart(webgpu: boolean): void {
  for (const name of Object.keys(EXAMPLES)) ui.example.add(new Option(`examples/${name}.py`, name));
  if (!webgpu) ui.backend.value = 'cpu';
  ui.example.addEventListener('change', load);
  ui.source.addEventListener('input', reset);
  ui.defines.addEventListener('input', reset);
  ui.compile.addEventListener('click', compile);
  ui.run.addEventListener('click', run);
  ui.prove.addEventListener('click', prove);
  ui.cancel.addEventListener('click', () => {
    ui.cancel.disabled = true;
    ui.status.textContent = 'Cancelling…';
    job?.cancel();
  });
  ui.verify.addEventListener('click', verify);
  load();
}
