// The byte regions of a VM proof file, for the tamper tests: the stream's regions are read off the
// reference verifier's trace (each section's stream scalars), the Merkle phases' off the bincode
// layout (each phase's row data, sibling hashes and length prefixes).
import { readTrace } from '../transcript/trace';
import { vectorPath } from '../vectors';
import { readFileSync } from 'node:fs';

export interface Region {
  readonly name: string;
  /** Byte ranges [start, end) of the proof file. */
  readonly ranges: readonly (readonly [number, number])[];
}

/** Which region a trace section's scalars belong to. */
function regionOf(section: string): string {
  const rules: [RegExp, string][] = [
    [/^announce sizes/, 'announced sizes'],
    [/^commitment root/, 'commitment root'],
    [/^gkr/, 'bus GKR'],
    [/^bus: framework values/, 'framework values'],
    [/^table sumcheck: \d+ rounds/, 'table sumcheck rounds'],
    [/^table sumcheck: \w+ column evaluations/, 'table column values'],
    [/^public input/, 'public-input limbs'],
    [/^zerocheck/, 'Flock zerocheck'],
    [/^lincheck: z_partial/, 'ring switch inputs (the 64 slice values)'],
    [/^lincheck/, 'Flock lincheck rounds'],
    [/^whir/, 'WHIR stream'],
  ];
  for (const [re, name] of rules) if (re.test(section)) return name;
  throw new Error(`no region for trace section "${section}"`);
}

const E_BYTES = 24;

/** The regions of NAME.proof, for a program with a trace (arith, hash). */
export function proofRegions(name: string): Region[] {
  const text = readFileSync(vectorPath('vm', `${name}.trace.txt`), 'utf8');
  readTrace(`${name}.trace.txt`, vectorPath('vm')); // the format check
  const regions = new Map<string, [number, number][]>();
  const add = (region: string, start: number, end: number): void => {
    const list = regions.get(region) ?? [];
    const last = list[list.length - 1];
    if (last !== undefined && last[1] === start) last[1] = end;
    else list.push([start, end]);
    regions.set(region, list);
  };
  let section = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('-- section ')) section = line.slice('-- section '.length);
    const m = /^\d{5} (\w+) off=(\d+)/.exec(line);
    if (m === null || m[1] === 'finish') continue;
    const off = Number(m[2]);
    const count = m[1] === 'read_root' ? 2 : m[1] === 'read_round_poly' ? Number(/ n=(\d+)/.exec(line)![1]) - 1 : 1;
    add(regionOf(section), 8 + E_BYTES * off, 8 + E_BYTES * (off + count));
  }
  const bytes = readFileSync(vectorPath('vm', `${name}.proof`));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (o: number): number => view.getUint32(o, true) + 2 ** 32 * view.getUint32(o + 4, true);
  let o = 0;
  add('length prefixes', o, o + 8);
  o += 8 + E_BYTES * u64(0);
  const phases = u64(o);
  add('length prefixes', o, o + 8);
  o += 8;
  for (let p = 0; p < phases; p++) {
    const rows = u64(o);
    add('length prefixes', o, o + 8);
    o += 8;
    for (let r = 0; r < rows; r++) {
      const words = u64(o);
      add('length prefixes', o, o + 8);
      add(`Merkle phase ${p} rows`, o + 8, o + 8 + 8 * words);
      o += 8 + 8 * words;
    }
    const sibs = u64(o);
    add('length prefixes', o, o + 8);
    add(`Merkle phase ${p} siblings`, o + 8, o + 8 + 32 * sibs);
    o += 8 + 32 * sibs;
  }
  if (o !== bytes.length) throw new Error(`${name}.proof: the layout walk ends at ${o} of ${bytes.length} bytes`);
  return [...regions].map(([n, ranges]) => ({ name: n, ranges }));
}

/** `count` byte offsets spread evenly over a region (all of them when it is smaller). */
export function spread(region: Region, count: number): number[] {
  const total = region.ranges.reduce((n, [a, b]) => n + b - a, 0);
  const take = Math.min(count, total);
  const out: number[] = [];
  for (let k = 0; k < take; k++) {
    let i = Math.floor((k * total) / take);
    for (const [a, b] of region.ranges) {
      if (i < b - a) {
        out.push(a + i);
        break;
      }
      i -= b - a;
    }
  }
  return out;
}
