// bench --only reference (bench/reference.ts): the reference's times read from the lines its
// binaries print (copied from runs of leanVM-b @ 5df6c37's blake2s_batch test, its VM driver,
// `leanvm-b fibonacci` and `leanvm-b xmss`), and a reference that is not built named in every cell.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_THREADS, REFERENCE_WORKLOADS, benchReference, referenceMs } from '../../bench/reference';

const HASH = `  lincheck                        :     92.1 ms           2.6%
  pcs opening                     :   2181.2 ms          60.9%
  prove TOTAL (witness excluded)  :   3505.8 ms          97.9%
  verify                          :     33.2 ms`;
const BIG = 'big: 129255 program cycles, 186368 proven rows, mu=23, proof 231656 B (blake2s 791637112a0dc1fa), prove 7.74 s, verify 0.047 s';
const FIB = `  proof size                  : 202.5 KiB
  proving                     : 0.782 s   21,391 cycles/s      peak memory 0.132 GiB
  verifying                   : 0.0196 s`;
const XMSS = `  proof size                  : 227.2 KiB
  aggregating                 : 4.582 s      peak memory 0.971 GiB
  per signature               : 4.365 XMSS/s
  verifying                   : 0.805 s`;

describe('bench --only reference', () => {
  const saved = process.env.LEANVM_REFERENCE;
  afterEach(() => {
    if (saved === undefined) delete process.env.LEANVM_REFERENCE;
    else process.env.LEANVM_REFERENCE = saved;
  });

  it('reads each workload\'s time in ms from the reference\'s own report', () => {
    expect(referenceMs('hash', HASH)).toBe(3505.8);
    expect(referenceMs('big', BIG)).toBe(7740);
    expect(referenceMs('fib', FIB)).toBe(782);
    expect(referenceMs('xmss', XMSS)).toBe(4582);
  });

  it('is NaN where the line is missing (another workload\'s report, an error)', () => {
    expect(referenceMs('hash', FIB)).toBeNaN();
    expect(referenceMs('fib', XMSS)).toBeNaN();
    expect(referenceMs('xmss', FIB)).toBeNaN();
    expect(referenceMs('big', 'error: no such program')).toBeNaN();
  });

  it('names the missing binary in every cell when the reference is not built, and honours --max-log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-reference-'));
    try {
      process.env.LEANVM_REFERENCE = dir;
      const rows = await benchReference(1, 30);
      expect(rows).toHaveLength(REFERENCE_WORKLOADS.length * REFERENCE_THREADS.length);
      for (const row of rows) expect(row.error).toMatch(new RegExp(`^reference: no ${dir}/(bin/(blake2s_batch|leanvm-b)|vmsrc/target/release/vmvec)`));
      expect(rows.filter((r) => String(r.error).includes('blake2s_batch')).map((r) => r.workload)).toEqual(['hash 2^13', 'hash 2^13', 'hash 2^15', 'hash 2^15']);
      expect((await benchReference(1, 13)).map((r) => r.workload)).toEqual(['hash 2^13', 'hash 2^13', 'xmss n=100', 'xmss n=100', 'xmss n=400', 'xmss n=400']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
