import { InputError } from '../util/errors';

/** A compiled program that cannot be read: the message names the field (and the slot, hint or
 * block) and what was expected there. */
export class ProgramFormatError extends InputError {
  /** Where in the program JSON, e.g. `bytecode[17].alpha` or `hints["40"][1].size`. */
  readonly field: string;

  constructor(field: string, expected: string) {
    super(`program ${field}: ${expected}`);
    this.name = 'ProgramFormatError';
    this.field = field;
  }
}

/** A public input that cannot be read: a word that is no field element, or the wrong count. */
export class PublicInputError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'PublicInputError';
  }
}

/** Why a run stopped before it could be proved. */
export type ExecutionErrorKind =
  /** A write-once cell written with a second, different value: how a failed `assert` shows. */
  | 'write-conflict'
  /** A MUL whose result is known but whose one known operand is zero, so the other cannot be
   * solved for. */
  | 'back-solve'
  /** A DEREF pointer that is not g^k for a covered k: a wild pointer, or a failed range check
   * (whose complement exponent wraps past the memory). */
  | 'deref'
  /** A JUMP cell outside K, or a target that is no pc of the bytecode or no frame. */
  | 'jump'
  /** A BLAKE2S input cell that is not a 128-bit word (c2 ≠ 0). */
  | 'blake2s'
  /** A witness stream missing, run dry, or an entry of the wrong length. */
  | 'witness'
  /** A hint whose pointer, size or value it cannot use. */
  | 'hint'
  /** The run reached the sentinel pc with a frame other than main's. */
  | 'halt'
  /** More steps than the cycle cap. */
  | 'cycle-cap'
  /** The fill needs a block the program lacks, or no fill reaches a power of two. */
  | 'fill'
  /** The run addresses more memory than the VM has (2^28 cells here). */
  | 'memory';

/** A run that cannot finish: the message names the pc, its function (from `fn_ranges`), its
 * source line (for a program compiled in this process) and the step, then the problem. */
export class ExecutionError extends InputError {
  readonly kind: ExecutionErrorKind;
  /** The pc of the instruction (or the hints before it) that failed; -1 after the walk. */
  readonly pc: number;
  /** The compiled function holding pc, or "<unknown fn>". */
  readonly fn: string;
  /** Steps executed before the failing one. */
  readonly step: number;
  /** The source line pc was compiled from, when the program carries its line map; else null. */
  readonly line: number | null;

  constructor(kind: ExecutionErrorKind, pc: number, fn: string, step: number, detail: string, line: number | null = null) {
    const where = line === null ? fn : `${fn}, line ${line}`;
    super(pc >= 0 ? `pc ${pc} (in ${where}), step ${step}: ${detail}` : `after step ${step}: ${detail}`);
    this.name = 'ExecutionError';
    this.kind = kind;
    this.pc = pc;
    this.fn = fn;
    this.step = step;
    this.line = line;
  }
}

/** A run that finished but cannot be proved: tables off a power of two, a read of a cell
 * nothing writes, or a shape outside the protocol's bounds. */
export class ProveError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'ProveError';
  }
}
