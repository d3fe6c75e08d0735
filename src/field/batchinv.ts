// Montgomery's trick, shared by K and E: n inverses for one inversion and ~3n products.
import { ShapeError } from '../util/errors';

type MulAt = (out: Uint32Array, o: number, a: Uint32Array, ai: number, b: Uint32Array, bi: number) => void;

export interface FieldOps {
  /** words per element */
  width: number;
  one(): Uint32Array;
  mulAt: MulAt;
  inv(a: Uint32Array): Uint32Array;
}

function isZeroAt(arr: Uint32Array, i: number, width: number): boolean {
  for (let w = 0; w < width; w++) if (arr[i + w] !== 0) return false;
  return true;
}

/** out[i] = arr[i]^-1 for each packed element (zeros map to zero); out may be arr. */
export function batchInvert(f: FieldOps, arr: Uint32Array, out: Uint32Array, what: string): Uint32Array {
  const w = f.width;
  if (arr.length % w !== 0 || out.length !== arr.length) {
    throw new ShapeError(`${what}: need a word length that is a multiple of ${w} and an equal-size output (arr ${arr.length}, out ${out.length})`);
  }
  const prefix = new Uint32Array(arr.length); // product of the non-zero elements before i
  const acc = f.one();
  for (let i = 0; i < arr.length; i += w) {
    prefix.set(acc, i);
    if (!isZeroAt(arr, i, w)) f.mulAt(acc, 0, acc, 0, arr, i);
  }
  const inv = f.inv(acc); // inverse of the product of the non-zero elements up to here
  const x = new Uint32Array(w);
  for (let i = arr.length - w; i >= 0; i -= w) {
    if (isZeroAt(arr, i, w)) {
      out.fill(0, i, i + w);
      continue;
    }
    x.set(arr.subarray(i, i + w)); // kept: out may be arr
    f.mulAt(out, i, inv, 0, prefix, i);
    f.mulAt(inv, 0, inv, 0, x, 0);
  }
  return out;
}
