// A quick proof that a backend's field arithmetic is right on this machine: known products
// from the reference, then random products compared with the TypeScript reference.
import { eMulArrays } from '../field/e';
import { kMulArrays } from '../field/k';
import { SplitMix64 } from '../util/splitmix64';
import type { Backend, Elem } from './backend';

/** hex u64 → [lo, hi] words. */
function words(...hex: string[]): number[] {
  return hex.flatMap((h) => [parseInt(h.slice(8), 16) >>> 0, parseInt(h.slice(0, 8), 16) >>> 0]);
}

// docs/protocol.md §1.1 and §1.2 (upstream test constants): operands and expected products.
const KNOWN: Record<Elem, { a: number[]; b: number[]; ab: number[] }> = {
  K: {
    a: words('01090913877ed8ed', 'a7715ae18f12a3b5', 'bd3efb4705e79ddd'),
    b: words('66ab35ac2768468f', '05743059f43fa4f5', '3aff618604de4ae0'),
    ab: words('50c4519dc383744a', 'eb64cd9cd9cda6df', 'c3d7a95fa9cb59bb'),
  },
  E: {
    a: words('950e87d7f5606615', '2c61275c9e6b6cf8', '1f00bca0042db923'),
    b: words('6dbca290a9eab706', '4c10a4fe30cffdda', 'f26fff4cc4fd394d'),
    ab: words('888a0fc35abaf5f6', '68a84cbc132b0649', '9fdeaf613003cabe'),
  },
};

export interface SelfCheckResult {
  elem: Elem;
  products: number;
  mismatches: number;
  ms: number;
}

/** Multiplies the known vectors plus `random` random pairs of each kind; counts mismatches. */
export async function fieldSelfCheck(backend: Backend, random = 4096): Promise<SelfCheckResult[]> {
  const results: SelfCheckResult[] = [];
  for (const elem of ['K', 'E'] as const) {
    const known = KNOWN[elem];
    const rng = new SplitMix64(elem === 'K' ? 1 : 2);
    const perElem = elem === 'K' ? 2 : 6;
    const a = Uint32Array.from([...known.a, ...rng.words((random * perElem) / 2)]);
    const b = Uint32Array.from([...known.b, ...rng.words((random * perElem) / 2)]);
    const expected = new Uint32Array(a.length);
    (elem === 'K' ? kMulArrays : eMulArrays)(a, b, expected);
    expected.set(known.ab); // the reference's own products, not ours, for the known pairs
    const t0 = performance.now();
    const [da, db] = [await backend.upload(elem, a), await backend.upload(elem, b)];
    const dout = await backend.alloc(elem, da.length);
    await (elem === 'K' ? backend.mulK(da, db, dout) : backend.mulE(da, db, dout));
    const got = await backend.download(dout);
    const ms = performance.now() - t0;
    for (const buf of [da, db, dout]) backend.free(buf);
    let mismatches = 0;
    for (let i = 0; i < got.length; i += perElem) {
      for (let j = 0; j < perElem; j++) {
        if (got[i + j] !== expected[i + j]) {
          mismatches++;
          break;
        }
      }
    }
    results.push({ elem, products: da.length, mismatches, ms });
  }
  return results;
}
