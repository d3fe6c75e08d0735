// Adversarial VM provers, reusable by any suite that checks a verifier of VM proofs (this
// repository's verifyProgram now; the recursion node's in-VM verifier later): a run changed after
// the fact (its memory, a table row, the pc or memory counts) and proved honestly from there, so
// the transcript is re-signed over the lie; or an honest run whose prover changes one message of
// one stage (a scalar, a sumcheck round, an opening) and then carries on honestly from the changed
// transcript. Each names what it changed; the suites assert which check rejects it.
import type { Backend } from '../../src/backend/backend';
import { ProverState } from '../../src/transcript/prover-state';
import type { MerklePhase } from '../../src/transcript/proof';
import { transcriptStatement, VM_TRANSCRIPT_LABEL } from '../../src/vm/bytecode';
import { type Execution, execute } from '../../src/vm/execute';
import { TABLES, type TableName } from '../../src/vm/isa';
import type { Program } from '../../src/vm/program';
import type { RunColumns } from '../../src/vm/prove/columns';
import { proveExecution, type VmStage } from '../../src/vm/prove/prove';
import type { PublicInput } from '../../src/vm/public-input';
import { TABLE_BASES } from '../../src/vm/tables/columns';
import { TABLE_SCHEMAS } from '../../src/vm/tables/schema';
import { ROW_COUNTS } from '../../src/vm/trace';

/** One prover message to change: the index-th call of its kind within a stage (round
 * polynomials optionally only eq-factored ones, the Flock zerocheck's, or only plain ones). */
export interface MessageTamper {
  readonly stage: VmStage;
  readonly kind: 'scalar' | 'roundPoly' | 'merkle';
  readonly index: number;
  readonly eqFactored?: boolean;
  /** For a scalar: how to change its 6 words (default: flip bit 0). */
  readonly change?: (words: Uint32Array) => void;
}

/** A prover state that changes one message (a scalar as `change` says, else its low bit; a
 * round polynomial's first sent coefficient; an opened leaf's first word), then carries on
 * honestly. The announced sizes are the witness stage's first scalars (h, the six τ, the rate). */
export class TamperingProverState extends ProverState {
  private stage: VmStage = 'execute';
  private readonly seen = { scalar: 0, roundPoly: 0, merkle: 0 };
  /** Whether the tamper happened (a suite asserts it, so a tamper that never fires fails). */
  fired = false;

  constructor(program: Program, publicInput: PublicInput, private readonly tamper?: MessageTamper) {
    super(VM_TRANSCRIPT_LABEL, transcriptStatement(program, publicInput));
  }

  enter(stage: VmStage): void {
    this.stage = stage;
    this.seen.scalar = this.seen.roundPoly = this.seen.merkle = 0;
  }

  private hit(kind: MessageTamper['kind'], eqFactored?: boolean): boolean {
    const t = this.tamper;
    if (t === undefined || t.stage !== this.stage || t.kind !== kind) return false;
    if (t.eqFactored !== undefined && eqFactored !== t.eqFactored) return false;
    const hit = this.seen[kind]++ === t.index;
    if (hit) this.fired = true;
    return hit;
  }

  override addScalar(e: Uint32Array, offset = 0): void {
    if (!this.hit('scalar')) return super.addScalar(e, offset);
    const changed = e.slice(offset, offset + 6);
    if (this.tamper?.change !== undefined) this.tamper.change(changed);
    else changed[0] ^= 1;
    super.addScalar(changed);
  }

  override addRoundPoly(coeffs: Uint32Array, eqFactored: boolean): void {
    if (!this.hit('roundPoly', eqFactored)) return super.addRoundPoly(coeffs, eqFactored);
    const changed = coeffs.slice();
    // the first coefficient the transcript carries: c1 of an eq-factored round, else c0
    changed[eqFactored ? 6 : 0] ^= 1;
    super.addRoundPoly(changed, eqFactored);
  }

  override addMerklePhase(phase: MerklePhase): void {
    if (!this.hit('merkle')) return super.addMerklePhase(phase);
    const leafData = phase.leafData.map((l) => l.slice());
    leafData[0][0] ^= 1;
    super.addMerklePhase({ leafData, siblingHashes: phase.siblingHashes });
  }
}

export interface AdversaryCase {
  /** Changes the honest run before it is proved. */
  readonly run?: (exec: Execution, program: Program) => void;
  readonly message?: MessageTamper;
  /** The public input the prover claims (default: the run's). */
  readonly claim?: PublicInput;
}

/** Proves `program`'s run on `publicInput`, changed as `c` says. */
export async function adversarialProof(program: Program, publicInput: PublicInput, c: AdversaryCase, backend: Backend): Promise<Uint8Array> {
  const exec = execute(program, publicInput);
  c.run?.(exec, program);
  const claim = c.claim ?? publicInput;
  const ps = new TamperingProverState(program, claim, c.message);
  const { proof } = await proveExecution(ps, program, claim, exec, { backend, onProgress: (stage) => ps.enter(stage) });
  if (c.message !== undefined && !ps.fired) throw new Error(`the tamper ${JSON.stringify(c.message)} never fired`);
  return proof;
}

// ---- run changes -------------------------------------------------------------------------

/** The cell a table's row writes or reads as its result (XOR/MUL c, SET o, DEREF the local
 * γ, JUMP the condition, BLAKE2S the first output cell), for the row `row` of `table`. */
export function resultCell(exec: Execution, program: Program, table: TableName, row: number): number {
  const rows = exec.rows[TABLES.indexOf(table)];
  const ins = program.bytecode[rows.pc(row)];
  const fp = rows.fp(row);
  switch (ins.op) {
    case 'XOR':
    case 'MUL':
      return fp + ins.c;
    case 'SET':
      return fp + ins.o;
    case 'DEREF':
      return fp + ins.gamma;
    case 'JUMP':
      return fp + ins.oc;
    case 'BLAKE2S':
      return fp + ins.out;
  }
}

/** The run with the value of `table`'s first row's result cell changed (bit 0 of limb 0); for
 * DEREF the first row that copies a cell (its other modes write no cell of the frame's). */
export const rowValue = (table: TableName): AdversaryCase['run'] => (exec, program) => {
  const rows = exec.rows[TABLES.indexOf(table)];
  let row = 0;
  while (table === 'DEREF' && (program.bytecode[rows.pc(row)] as { mode?: string }).mode !== 'cell') row++;
  if (row >= rows.length) throw new Error(`no ${table} row to change`);
  exec.memory[6 * resultCell(exec, program, table, row)] ^= 1;
};

/** The run with one access count of `table`'s row `row` raised by one. */
export const rowCount = (table: TableName, row = 0, read = 0): AdversaryCase['run'] => (exec) => {
  const rows = exec.rows[TABLES.indexOf(table)];
  rows.data[row * rows.stride + ROW_COUNTS + read] += 1;
};

/** The public line's first limb as a MessageTamper: the table sumcheck's stage sends 3 scalars a
 * round (max τ rounds) and every table column's value, then the line's three limbs. */
export function publicLineTamper(program: Program, publicInput: PublicInput): MessageTamper {
  const taus = execute(program, publicInput).taus;
  if (taus === null) throw new Error('the run has no table heights');
  return { stage: 'tables', kind: 'scalar', index: 3 * Math.max(...taus) + TABLE_SCHEMAS.reduce((n, s) => n + s.columns.length, 0) };
}

/** The tables `program`'s honest run has rows in. */
export function liveTables(program: Program, publicInput: PublicInput): TableName[] {
  const exec = execute(program, publicInput);
  return TABLES.filter((_, t) => exec.rows[t].length > 0);
}

/** A row read by its table, cell and access count. */
export interface RowRead {
  readonly table: TableName;
  readonly row: number;
  /** Which of the row's reads (its `cnt_*` column, in schema order). */
  readonly read: number;
  readonly cell: number;
}

/** The first XOR or MUL row whose result cell's last access is its own: nothing reads the
 * result after it, so its value can change without another row noticing. */
export function lastResultRead(exec: Execution, program: Program): RowRead {
  for (const table of ['MUL', 'XOR'] as const) {
    const rows = exec.rows[TABLES.indexOf(table)];
    for (let row = 0; row < rows.length; row++) {
      const cell = resultCell(exec, program, table, row);
      if (rows.count(row, 2) === exec.memCounts[cell] - 1) return { table, row, read: 2, cell };
    }
  }
  throw new Error('no arithmetic row is the last access of its result');
}

/** Sets the committed count of `read` to 0 (a column value no count g^A can take). */
export function zeroCount(run: RunColumns, read: RowRead): void {
  const t = TABLES.indexOf(read.table);
  const names = TABLE_SCHEMAS[t].columns;
  const cnt = names.filter((c) => c.startsWith('cnt') && c !== 'cnt_bc')[read.read];
  run.columns[TABLE_BASES[t] + names.indexOf(cnt)].fill(0, 2 * read.row, 2 * read.row + 2);
}
