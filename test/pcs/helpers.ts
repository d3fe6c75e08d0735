// Shared by the PCS tests: random inputs, honest claims computed the slow way, and a prover
// channel that records which stream scalars each kind of transmission produced.
import { eqTable, mleEval } from '../../src/poly';
import { type NonceSearch, ProverState } from '../../src/transcript';
import type { E } from '../../src/field/e';
import { SplitMix64 } from '../../src/util/splitmix64';

export { SplitMix64 };

/** n random K words (2n u32). */
export const kWords = (rng: SplitMix64, n: number): Uint32Array => rng.words(n);
/** n random E values (6n u32), e.g. a point of n coordinates. */
export const eWords = (rng: SplitMix64, n: number): Uint32Array => rng.words(3 * n);

/** s_i = Σ_y eq(r, y)·bit_i(q[y]) for i < 64: the ring claims of a packed column, by definition. */
export function bitSliceEvals(q: Uint32Array, r: Uint32Array): Uint32Array {
  const eq = eqTable(r);
  const s = new Uint32Array(6 * 64);
  for (let y = 0; y < q.length / 2; y++) {
    for (let i = 0; i < 64; i++) {
      if (((q[2 * y + (i >>> 5)] >>> (i & 31)) & 1) === 1) for (let t = 0; t < 6; t++) s[6 * i + t] ^= eq[6 * y + t];
    }
  }
  return s;
}

/** MLE of a K column at a point. */
export const columnAt = (column: Uint32Array, point: Uint32Array): E => mleEval(column, 'K', point);

export type Region = 'root' | 'round' | 'ood' | 'residual' | 'nonce';

/** A prover channel that notes, per kind of transmission, the stream scalars it wrote. */
export class RecordingProver extends ProverState {
  readonly regions = new Map<Region, number[]>();
  private depth = 0;

  private mark<T>(region: Region, send: () => T): T {
    const at = this.streamLength;
    this.depth++;
    const out = send();
    this.depth--;
    if (this.depth === 0) {
      const list = this.regions.get(region) ?? [];
      for (let i = at; i < this.streamLength; i++) list.push(i);
      this.regions.set(region, list);
    }
    return out;
  }

  override addRoot(digest: Uint8Array | Uint32Array): void {
    this.mark('root', () => super.addRoot(digest));
  }

  override addRoundPoly(coeffs: Uint32Array, eqFactored: boolean): void {
    this.mark('round', () => super.addRoundPoly(coeffs, eqFactored));
  }

  override addScalars(es: Uint32Array): void {
    this.mark('residual', () => super.addScalars(es));
  }

  override addScalar(e: Uint32Array, offset = 0): void {
    this.mark('ood', () => super.addScalar(e, offset));
  }

  override grind(bits: number): E {
    return this.mark('nonce', () => super.grind(bits));
  }

  /** The backend's search (as WHIR grinds): the one nonce it sends is the last scalar. */
  override async grindBy(bits: number, search: NonceSearch): Promise<E> {
    const nonce = await super.grindBy(bits, search);
    this.regions.set('nonce', [...(this.regions.get('nonce') ?? []), this.streamLength - 1]);
    return nonce;
  }
}
