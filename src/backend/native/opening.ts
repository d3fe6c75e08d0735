// The Backend's opening methods on the module's kernels (host/native/src/opening.cc), in place
// on the backend's arrays: round sums, folds, eq tables, the ring map, weighted accumulation,
// the zerocheck's round sums, encodeFolded on the module's NTT, and queryWeights by whichever
// of its two routes costs less.
import { wHatAt } from '../../ntt/subspace';
import { logPositions } from '../../ntt/transform';
import { BackendUsageError, checkSlice, roundShape, sameShape, zerocheckShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import type { NativeModule } from './module';

export type NativeOpening = Required<Pick<Backend, 'roundSums' | 'fold' | 'foldRound' | 'laneDots' | 'laneCombine' | 'eqTable' | 'mapByTables' | 'addScaled' | 'zerocheckSums' | 'zerocheckStep' | 'encodeFolded' | 'queryWeights'>>;

/** `data` unwraps a live buffer of the backend; `fresh` makes a new one of `length` values
 * (contents arbitrary) and hands back its words; `shrink` spends a buffer for one over its
 * first `length` values, in the same storage. */
export function nativeOpening(
  module: NativeModule,
  data: (buf: DeviceBuffer) => Uint32Array,
  fresh: (elem: Elem, length: number) => [DeviceBuffer, Uint32Array],
  shrink: (buf: DeviceBuffer, length: number) => DeviceBuffer,
): NativeOpening {
  return {
    async queryWeights(queries, coeffs, m, logInvRate) {
      if (coeffs.length !== 6 * queries.length) throw new BackendUsageError(`${queries.length} queries need as many coefficients, got ${coeffs.length / 6}`);
      // Per message value, the dense route costs ~2 ns a query here, the transposed one ~1.5 ns
      // a domain point (2^ν of them) and layer (m + ν).
      if (4 * queries.length > 3 * (m + logInvRate) * 2 ** logInvRate) {
        const [data, words] = fresh('E', 2 ** (m + logInvRate));
        module.queryWeightsTransposed(Uint32Array.from(queries), coeffs, m, logInvRate, words);
        return shrink(data, 2 ** m);
      }
      const factors = new Uint32Array(2 * m * queries.length);
      const x = new Uint32Array(2);
      queries.forEach((q, i) => {
        x[0] = q;
        factors.set(wHatAt(x, m), 2 * m * i);
      });
      const [out, words] = fresh('E', 2 ** m);
      module.queryWeights(factors, coeffs, m, words);
      return out;
    },
    async roundSums(f, b, stride) {
      roundShape(f, b);
      return module.roundSums(data(f), f.elem === 'E', data(b), stride);
    },
    async fold(src, stride, r) {
      const units = Math.ceil(src.length / (2 * stride));
      const [out, words] = fresh('E', units * stride);
      module.fold(data(src), src.elem === 'E', stride, r, words);
      return out;
    },
    async foldRound(f, b, stride, r, nextStride) {
      roundShape(f, b);
      const units = Math.ceil(f.length / (2 * stride));
      const [fOut, fWords] = fresh('E', units * stride);
      const [bOut, bWords] = fresh('E', units * stride);
      const sums = module.foldRound(data(f), f.elem === 'E', data(b), stride, r, nextStride, fWords, bWords);
      return { f: fOut, b: bOut, sums };
    },
    async laneDots(f, laneWords, v, at, stride) {
      sameShape('K', f);
      sameShape('E', v);
      return module.laneDots(data(f), laneWords, data(v), at, stride);
    },
    async laneCombine(f, laneWords, coeffs) {
      sameShape('K', f);
      const [out, words] = fresh('E', laneWords);
      module.laneCombine(data(f), laneWords, coeffs, words);
      return out;
    },
    async eqTable(point, seed) {
      const [out, words] = fresh('E', 2 ** (point.length / 6));
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
      // transform from layer ν.
      const msg = data(f);
      const nLanes = 3 * 2 ** logLanes;
      logPositions(msg, nLanes);
      const [out, cw] = fresh('E', f.length * 2 ** logInvRate);
      for (let at = 0; at < cw.length; at += msg.length) cw.set(msg, at);
      module.forwardNtt(cw, nLanes, logInvRate);
      return out;
    },
  };
}
