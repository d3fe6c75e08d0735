// Reader of the reference transcript traces (vectors/flock/*.trace.txt): one operation
// per line "NNNNN kind key=value ... cv=HEX"; "# " header lines and "-- section" markers.
import { readFileSync } from 'node:fs';
import { vectorPath } from '../vectors';

export const FLOCK = vectorPath('flock');

export interface TraceOp {
  index: number;
  kind: string;
  fields: Map<string, string>;
  line: string;
}

export interface Trace {
  ops: TraceOp[];
  sections: number;
  /** Totals the header announces: "(N operations, M section markers in total)". */
  declaredOps: number;
  declaredSections: number;
}

/** A trace file from the flock vectors, or from `dir`. */
export function readTrace(name: string, dir = FLOCK): Trace {
  const text = readFileSync(`${dir}/${name}`, 'utf8');
  const totals = /\((\d+) operations, (\d+) section markers in total\)/.exec(text);
  if (!totals) throw new Error(`${name}: header has no operation totals`);
  const ops: TraceOp[] = [];
  let sections = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('-- section ')) {
      sections++;
      continue;
    }
    const m = /^(\d{5}) (\w+)((?: \w+=(?:"[^"]*"|\S+))*)$/.exec(line);
    if (!m) throw new Error(`${name}: unrecognised line: ${line.slice(0, 120)}`);
    const fields = new Map<string, string>();
    for (const f of m[3].matchAll(/ (\w+)=("[^"]*"|\S+)/g)) fields.set(f[1], f[2]);
    ops.push({ index: Number(m[1]), kind: m[2], fields, line });
  }
  return { ops, sections, declaredOps: Number(totals[1]), declaredSections: Number(totals[2]) };
}

/** A field that must be present. */
export function field(op: TraceOp, key: string): string {
  const v = op.fields.get(key);
  if (v === undefined) throw new Error(`op ${op.index} (${op.kind}) has no ${key}=`);
  return v;
}

export function readVector(name: string): Uint8Array {
  return new Uint8Array(readFileSync(`${FLOCK}/${name}`));
}
