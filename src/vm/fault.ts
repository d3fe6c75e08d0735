// What the interpreter's helpers throw when a run cannot go on; the interpreter adds the pc, its
// function and the step, and rethrows it as an ExecutionError.
import type { ExecutionErrorKind } from './errors';

export class Fault extends Error {
  readonly kind: ExecutionErrorKind;

  constructor(kind: ExecutionErrorKind, detail: string) {
    super(detail);
    this.kind = kind;
  }
}

/** An E word as the traces write it: "c0,c1,c2", 16 hex digits a limb. */
export function wordText(words: Uint32Array, at: number): string {
  const limb = (i: number) => words[at + 2 * i + 1].toString(16).padStart(8, '0') + words[at + 2 * i].toString(16).padStart(8, '0');
  return `${limb(0)},${limb(1)},${limb(2)}`;
}
