// The WHIR opening's bulk work for any backend whose buffers are plain typed arrays: the
// functions of src/poly/bulk.ts (and the zerocheck's round sums) on the buffers' words.
// `data` unwraps a buffer (checking that it is the backend's and live), `wrap` makes a new
// one that owns the given words, `spent` retires a buffer whose storage a result took over,
// `free` frees one, `take` gives the words of a new table (from the backend's pool).
import { encodeEInterleaved } from '../../ntt/encode';
import { addInto, addScaled, eqTableSeeded, foldPairs, laneCombine, laneDots, mapByTables, queryWeights, roundSums } from '../../poly/bulk';
import { roundShape, sameShape, checkSlice, zerocheckShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { foldsInPlace } from './arrays';
import { zerocheckSums } from './zerocheck';

export type TypedArrayOpening = Required<Pick<Backend, 'roundSums' | 'fold' | 'laneDots' | 'laneCombine' | 'eqTable' | 'mapByTables' | 'addScaled' | 'queryWeights' | 'encodeFolded' | 'zerocheckSums'>>;

export interface TypedArrayBuffers {
  data(buf: DeviceBuffer): Uint32Array;
  wrap(elem: Elem, words: Uint32Array): DeviceBuffer;
  spent(buf: DeviceBuffer): void;
  free(buf: DeviceBuffer): void;
  take(length: number, what: string): Uint32Array;
}

export function typedArrayOpening({ data, wrap, spent, free, take }: TypedArrayBuffers): TypedArrayOpening {
  return {
    async roundSums(f, b, stride) {
      roundShape(f, b);
      return roundSums(data(f), f.elem, data(b), stride);
    },
    async fold(src, stride, r, spend = false) {
      const words = data(src), values = Math.ceil(src.length / (2 * stride)) * stride, length = 6 * values;
      const inPlace = spend && src.elem === 'E' && foldsInPlace(words, values);
      const out = wrap('E', foldPairs(words, src.elem, stride, r, inPlace ? words.subarray(0, length) : take(length, 'the table of fold')));
      if (inPlace) spent(src);
      else if (spend) free(src);
      return out;
    },
    async laneDots(f, laneWords, v, at, stride) {
      sameShape('K', f);
      sameShape('E', v);
      return laneDots(data(f), laneWords, data(v), at, stride);
    },
    async laneCombine(f, laneWords, coeffs) {
      sameShape('K', f);
      return wrap('E', laneCombine(data(f), laneWords, coeffs));
    },
    async eqTable(point, seed) {
      return wrap('E', eqTableSeeded(point, seed, take(6 * 2 ** (point.length / 6), 'the table of eqTable')));
    },
    async mapByTables(buf, tables) {
      sameShape('E', buf);
      mapByTables(data(buf), tables);
    },
    async addScaled(acc, src, at = 0, scale, stride = 1) {
      checkSlice(acc, src, at, stride);
      const slice = data(acc).subarray(6 * at, 6 * (at + stride * (src.length - 1) + 1));
      if (scale === undefined) addInto(slice, data(src), stride);
      else addScaled(slice, data(src), scale, stride);
    },
    async queryWeights(queries, coeffs, m, logInvRate) {
      return wrap('E', queryWeights(queries, coeffs, m, logInvRate));
    },
    async encodeFolded(f, logLanes, logInvRate) {
      sameShape('E', f);
      return wrap('E', encodeEInterleaved(data(f), logLanes, logInvRate, take(6 * f.length * 2 ** logInvRate, 'the codeword of encodeFolded')));
    },
    async zerocheckSums(a, b, c, eq) {
      zerocheckShape(a, b, c, eq);
      return zerocheckSums(data(a), data(b), data(c), data(eq));
    },
  };
}
