// The Backend's opening methods on the module's kernels (host/native/src/opening.cc), in place
// on the backend's arrays: round sums, folds, eq tables, the ring map, weighted accumulation,
// the zerocheck's round sums, encodeFolded on the module's NTT, and queryWeights by whichever
// of its two routes costs less.
import { wHatAt } from '../../ntt/subspace';
import { logPositions } from '../../ntt/transform';
import { BackendUsageError, checkPlacement, checkSlice, roundShape, sameShape, zerocheckShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { aligned, type NativeModule } from './module';

export type NativeOpening = Required<Pick<Backend, 'roundSums' | 'fold' | 'foldRound' | 'laneDots' | 'laneCombine' | 'eqTable' | 'mapByTables' | 'addScaled' | 'addEq' | 'zerocheckSums' | 'zerocheckStep' | 'encodeFolded' | 'queryWeights'>>;

/** What the opening kernels need of the backend's buffers. */
export interface NativeBuffers {
  /** The words of a live buffer. */
  data(buf: DeviceBuffer): Uint32Array;
  /** A new buffer of `length` values (contents arbitrary) and its words, for `method`'s output. */
  fresh(elem: Elem, length: number, method: string): [DeviceBuffer, Uint32Array];
  /** Spends a buffer for one over its first `length` values, in the same storage. */
  shrink(buf: DeviceBuffer, length: number): DeviceBuffer;
  /** Whether a spent E table folds into its first `length` values (cpu/arrays.ts foldsInPlace). */
  foldsInPlace(buf: DeviceBuffer, length: number): boolean;
  free(buf: DeviceBuffer): void;
}

/** The strides at which the module's foldRound folds in place (opening.h, foldRoundInPlace):
 * the next round pairs at the same stride or at 1, as WHIR's rounds do. */
function foldsRoundInPlace(stride: number, nextStride: number): boolean {
  return nextStride === stride || (nextStride === 1 && (stride === 1 || stride % 2 === 0));
}

export function nativeOpening(module: NativeModule, buffers: NativeBuffers): NativeOpening {
  const { data, fresh, shrink, free, foldsInPlace } = buffers;

  /** A fold's output: the src's own first values when it is spent and E (in place), else a
   * fresh table; `done` gives src up once every fold of the call has run. */
  function foldTarget(src: DeviceBuffer, length: number, spend: boolean | undefined, method: string) {
    if (spend === true && src.elem === 'E' && foldsInPlace(src, length)) {
      return { words: data(src).subarray(0, 6 * length), done: () => shrink(src, length) };
    }
    const [out, words] = fresh('E', length, method);
    const done = () => {
      if (spend === true) free(src);
      return out;
    };
    return { words, out, done };
  }

  return {
    async queryWeights(queries, coeffs, m, logInvRate) {
      if (coeffs.length !== 6 * queries.length) throw new BackendUsageError(`${queries.length} queries need as many coefficients, got ${coeffs.length / 6}`);
      // Per message value, the dense route costs ~2 ns a query here, the transposed one ~1.5 ns
      // a domain point (2^ν of them) and layer (m + ν).
      if (4 * queries.length > 3 * (m + logInvRate) * 2 ** logInvRate) {
        const [data, words] = fresh('E', 2 ** (m + logInvRate), 'queryWeights');
        module.queryWeightsTransposed(Uint32Array.from(queries), coeffs, m, logInvRate, words);
        return shrink(data, 2 ** m);
      }
      const factors = new Uint32Array(2 * m * queries.length);
      const x = new Uint32Array(2);
      queries.forEach((q, i) => {
        x[0] = q;
        factors.set(wHatAt(x, m), 2 * m * i);
      });
      const [out, words] = fresh('E', 2 ** m, 'queryWeights');
      module.queryWeights(factors, coeffs, m, words);
      return out;
    },
    async roundSums(f, b, stride) {
      roundShape(f, b);
      return module.roundSums(data(f), f.elem === 'E', data(b), stride);
    },
    async fold(src, stride, r, spend) {
      const target = foldTarget(src, Math.ceil(src.length / (2 * stride)) * stride, spend, 'fold');
      module.fold(data(src), src.elem === 'E', stride, r, target.words);
      return target.done();
    },
    async foldRound(f, b, stride, r, nextStride, spend = {}) {
      roundShape(f, b);
      const length = Math.ceil(f.length / (2 * stride)) * stride;
      const fTarget = foldTarget(f, length, spend.f, 'foldRound');
      let bTarget;
      try {
        bTarget = foldTarget(b, length, spend.b, 'foldRound');
      } catch (e) {
        if (fTarget.out !== undefined) free(fTarget.out);
        throw e;
      }
      let sums: Uint32Array;
      if ((fTarget.out !== undefined && bTarget.out !== undefined) || foldsRoundInPlace(stride, nextStride)) {
        // One pass, the folded values not read back (in place in phases: opening.cc).
        sums = module.foldRound(data(f), f.elem === 'E', data(b), stride, r, nextStride, fTarget.words, bTarget.words);
      } else {
        // At other strides a table folded in place cannot feed the next round's pairs as it
        // goes (they may still be unread values): fold, then sum.
        module.fold(data(f), f.elem === 'E', stride, r, fTarget.words);
        module.fold(data(b), true, stride, r, bTarget.words);
        sums = module.roundSums(fTarget.words, true, bTarget.words, nextStride);
      }
      return { f: fTarget.done(), b: bTarget.done(), sums };
    },
    async laneDots(f, laneWords, v, at, stride) {
      sameShape('K', f);
      sameShape('E', v);
      return module.laneDots(data(f), laneWords, data(v), at, stride);
    },
    async laneCombine(f, laneWords, coeffs) {
      sameShape('K', f);
      const [out, words] = fresh('E', laneWords, 'laneCombine');
      module.laneCombine(data(f), laneWords, coeffs, words);
      return out;
    },
    async eqTable(point, seed) {
      const [out, words] = fresh('E', 2 ** (point.length / 6), 'eqTable');
      module.eqTable(point, seed, words);
      return out;
    },
    async mapByTables(buf, tables) {
      sameShape('E', buf);
      module.mapByTables(data(buf), tables);
    },
    async addScaled(acc, src, at = 0, scale, stride = 1) {
      checkSlice(acc, src, at, stride);
      module.addScaled(data(acc), data(src), at, stride, scale ?? null);
    },
    async addEq(acc, point, seed, at = 0, stride = 1, tables) {
      checkPlacement(acc, 2 ** (point.length / 6), at, stride);
      module.addEq(data(acc), point, seed, at, stride, tables ?? null);
    },
    async zerocheckSums(a, b, c, eq) {
      zerocheckShape(a, b, c, eq);
      return module.zerocheckSums(data(a), data(b), data(c), data(eq));
    },
    async zerocheckStep(tables, chi, point) {
      const n = sameShape('E', ...tables), live = chi === null ? n : n / 2, coords = point.length / 6;
      if (!Number.isInteger(coords) || live !== 2 ** (coords + 1)) {
        throw new BackendUsageError(`zerocheck tables of ${n} values${chi === null ? '' : ' bound once'} do not pair with a point of ${coords} coordinates`);
      }
      const [a, b, c] = tables;
      const sums = module.zerocheckStep(data(a), data(b), data(c), chi, point);
      return { sums, tables: chi === null ? tables : [shrink(a, live), shrink(b, live), shrink(c, live)] };
    },
    async encodeFolded(f, logLanes, logInvRate) {
      sameShape('E', f);
      // encodeEInterleaved: 3·2^logLanes K lanes, the message tiled 2^ν times, then the
      // transform from layer ν; the module reads the message as every tile (no copies).
      const msg = data(f);
      const nLanes = 3 * 2 ** logLanes;
      logPositions(msg, nLanes);
      const [out, cw] = fresh('E', f.length * 2 ** logInvRate, 'encodeFolded');
      module.forwardNtt(cw, nLanes, logInvRate, aligned(msg));
      return out;
    },
  };
}
