// Compile errors of the zkDSL compiler. Every one names a place in the source (file, line and
// column, 1-based) and the construct at fault, so a programmer can go straight to it.
import { InputError } from '../util/errors';

/** A place in a source file (1-based line and column). */
export interface Pos {
  readonly line: number;
  readonly col: number;
}

export class ZkdslError extends InputError {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** The message without its `file:line:col: ` prefix. */
  readonly detail: string;

  constructor(file: string, at: Pos, detail: string) {
    super(`${file}:${at.line}:${at.col}: ${detail}`);
    this.name = 'ZkdslError';
    this.file = file;
    this.line = at.line;
    this.col = at.col;
    this.detail = detail;
  }
}

/** An error found before the file name is known (the lexer and parser work on text): the
 * compiler's entry point gives it the file. */
export class SourceError extends InputError {
  readonly at: Pos;
  constructor(at: Pos, detail: string) {
    super(detail);
    this.name = 'SourceError';
    this.at = at;
  }
}
