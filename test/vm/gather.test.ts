// The witness gathers (src/kernels/vm/gather.ts; VmKernels.gatherPairs) refuse an index past
// their source, a pc past the bytecode, rows that do not hold n rows and index numbers past 2^31
// — a ShapeError, never a read outside the arrays — on the reference and on the native module
// (which reads raw memory), whose refusals read the same.
import { expect, test } from 'vitest';
import { createNativeBackend } from '../../src/backend/native/index';
import { gatherPairs, type PairGather } from '../../src/kernels/vm/gather';
import { describeNative } from '../native/native';

const rows = Uint32Array.of(0, 1, 1, 2, 2, 0); // three rows of (pc, word)
const code = Uint32Array.of(0, 1, 0, 2, 0, 3); // three instructions of two slots
const base: PairGather = { step: 0, rows, stride: 2, word: 1, code, slotStride: 2, pcWord: 0, slot: 1, scale: 1, add: 0 };
const src = Uint32Array.from({ length: 10 }, (_, i) => 100 + i); // pairs 0..4

type Gather = (dst: Uint32Array, src: Uint32Array, n: number, g: PairGather) => void | Promise<void>;

/** The two cases on one gather. */
function gatherCases(name: string, gather: Gather): void {
  test(`${name}: in range, pair word + operand of each row`, async () => {
    const dst = new Uint32Array(6);
    await gather(dst, src, 3, base);
    // row 0: 1 + code[0·2 + 1] = 2; row 1: 2 + code[1·2 + 1] = 4; row 2: 0 + code[2·2 + 1] = 3
    expect([...dst]).toEqual([104, 105, 108, 109, 106, 107]);
  });

  test(`${name}: an index past the source, a pc past the bytecode, too few rows`, async () => {
    const dst = new Uint32Array(6);
    const refused = async (g: PairGather, d = dst) => {
      try {
        await gather(d, src, 3, g);
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message.replace(/row \d+ reads .*/, 'row reads out of range')}`;
      }
      return 'accepted';
    };
    expect(await refused({ ...base, add: 1 })).toBe('ShapeError: gatherPairs: row reads out of range');
    expect(await refused({ ...base, code: code.subarray(0, 4) })).toBe('ShapeError: gatherPairs: row reads out of range');
    expect(await refused({ ...base, rows: rows.subarray(0, 5) })).toBe('ShapeError: gatherPairs: 3 rows of 2 words do not fit a 5-word trace');
    expect(await refused(base, new Uint32Array(4))).toBe('ShapeError: gatherPairs: 3 rows do not fit a 4-word destination');
    // Numbers the module's Int32Array spec would cut are refused on both paths, not read as others.
    expect(await refused({ ...base, step: 2 ** 32 })).toBe('ShapeError: gatherPairs: step must be an integer from 0 to 2^31 − 1, got 4294967296');
    expect(await refused({ ...base, add: 2 ** 31 })).toBe('ShapeError: gatherPairs: add must be an integer from 0 to 2^31 − 1, got 2147483648');
    expect(await refused({ ...base, word: -2 })).toBe('ShapeError: gatherPairs: word must be an integer from -1 to 2^31 − 1, got -2');
    expect(await refused({ ...base, scale: 1.5 })).toBe('ShapeError: gatherPairs: scale must be an integer from 0 to 2^31 − 1, got 1.5');
  });
}

gatherCases('reference', gatherPairs);
describeNative('the native gather', (module) => gatherCases('native', createNativeBackend(module, { threads: 2 }).vm.gatherPairs));
