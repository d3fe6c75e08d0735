// The batch's degree-2 sumcheck rounds on a backend: Σ_i f_i·b_i over pairs of tables of one
// length, the lowest variable bound each round (pairs 2j, 2j + 1). A round sends c0 and c2 of
// the pairs' summed round polynomial (c1 follows from the claim), samples its challenge and
// binds every table there, the next round's sums taken in the same pass (Backend.foldRound).
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eFromK } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';

/** f (K or E) against b (E), of 2^rounds values each. */
export interface ProductPair {
  f: DeviceBuffer;
  b: DeviceBuffer;
}

/** Pairs made on `backend` by f(i) and b(i) for i < count; those made are freed if one fails. */
export async function makePairs(backend: Backend, count: number, f: (i: number) => Promise<DeviceBuffer>, b: (i: number) => Promise<DeviceBuffer>): Promise<ProductPair[]> {
  const pairs: ProductPair[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const fi = await f(i);
      try {
        pairs.push({ f: fi, b: await b(i) });
      } catch (e) {
        backend.free(fi);
        throw e;
      }
    }
    return pairs;
  } catch (e) {
    freePairs(backend, pairs);
    throw e;
  }
}

/** Host tables (f and b, E values) uploaded to `backend` as pairs. */
export function uploadPairs(backend: Backend, tables: readonly { f: Uint32Array; b: Uint32Array }[]): Promise<ProductPair[]> {
  return makePairs(backend, tables.length, (i) => backend.upload('E', tables[i].f), (i) => backend.upload('E', tables[i].b));
}

/** Frees both buffers of every pair. */
export function freePairs(backend: Backend, pairs: readonly ProductPair[]): void {
  for (const p of pairs) {
    backend.free(p.f);
    backend.free(p.b);
  }
}

/** Sends the round polynomial of the pairs' summed (c0, c2) and returns its challenge. */
function sendRound(ps: ProverState, sums: readonly Uint32Array[]): E {
  const coeffs = new Uint32Array(18);
  for (const s of sums) {
    for (let k = 0; k < 6; k++) {
      coeffs[k] ^= s[k];
      coeffs[12 + k] ^= s[6 + k];
    }
  }
  ps.addRoundPoly(coeffs, false);
  return ps.sample();
}

/**
 * Runs `rounds` rounds over `pairs` on `ps`, writing the challenges into `point` from
 * coordinate `at`; returns each pair's f bound at them. The pairs' buffers are the rounds' to
 * free, whatever happens.
 */
export async function productRounds(backend: Backend, ps: ProverState, pairs: readonly ProductPair[], rounds: number, point: Uint32Array, at: number): Promise<E[]> {
  const held = new Set(pairs.flatMap((p) => [p.f, p.b]));
  const drop = (buf: DeviceBuffer): void => {
    if (held.delete(buf)) backend.free(buf);
  };
  try {
    let live = [...pairs];
    let sums: Uint32Array[] = [];
    for (const p of live) sums.push(await backend.roundSums(p.f, p.b, 1));
    for (let j = 0; j < rounds; j++) {
      const r = sendRound(ps, sums);
      point.set(r, 6 * (at + j));
      const next: ProductPair[] = [], nextSums: Uint32Array[] = [];
      for (const p of live) {
        // The last round binds f alone: b's value is not needed.
        const bound = j + 1 < rounds ? await backend.foldRound(p.f, p.b, 1, r, 1) : { f: await backend.fold(p.f, 1, r), b: p.b, sums: new Uint32Array(0) };
        held.add(bound.f);
        held.add(bound.b);
        if (bound.f !== p.f) drop(p.f);
        if (bound.b !== p.b) drop(p.b);
        next.push({ f: bound.f, b: bound.b });
        nextSums.push(bound.sums);
      }
      [live, sums] = [next, nextSums];
    }
    const values: E[] = [];
    for (const p of live) {
      const words = await backend.download(p.f);
      values.push(p.f.elem === 'K' ? eFromK(words.subarray(0, 2)) : words.slice(0, 6));
    }
    return values;
  } finally {
    for (const buf of held) backend.free(buf);
  }
}
