// The WHIR opening's bulk work on the GPU (the Backend seam's opening operations): round sums
// as a reduction, folds, eq tables, the ring map Φ over a table, scaled adds, query weights as
// the transposed encoding, and the deeper levels' encoding. Tables stay on the device; only
// round sums come back. Uniform parameters that carry an E scalar start with its six words, so
// the WGSL structs need no padding.
import type { E } from '../../field/e';
import { E_LINEAR_TABLE_WORDS } from '../../field/e-linear';
import { BackendUsageError, WORDS, roundShape, sameShape, checkSlice, type Backend, type DeviceBuffer } from '../backend';
import { WebGpuBuffer, gpuBuffer, scratchBuffer } from './buffer';
import type { KernelContext } from './context';
import type { NttKernels } from './ntt';
import type { Recording } from './recording';
import { pairBindings, pairRuns } from './pair-windows';
import { dispatchElementwise, runs, windowAround, windowOf, windowUnits } from './window';
import { reduce, type Reduction } from './reduction';
import type { Store } from './store';

/** What the opening kernels need from the backend that hosts them. */
export interface OpeningContext extends KernelContext {
  ntt: NttKernels;
  host: Backend['host'];
}

/** An E value as three interleaved K lanes. */
const E_LANES = 3;

type OpeningKernels = Pick<Backend, 'host' | 'zerocheckRounds' | 'roundSums' | 'fold' | 'foldRound' | 'eqTable' | 'mapByTables' | 'addScaled' | 'queryWeights' | 'encodeFolded'>;

/** Terms of a round at `stride` over n values (the folded table's length). */
function roundTerms(n: number, stride: number): number {
  if (!Number.isInteger(stride) || stride < 1 || n % stride !== 0 || n === 0) {
    throw new BackendUsageError(`a table of ${n} values is not a whole number of halves of stride ${stride}`);
  }
  return Math.ceil(n / (2 * stride)) * stride;
}

/** The six words of an E scalar, checked. */
function scalar(e: E, what: string): number[] {
  if (e.length !== 6) throw new BackendUsageError(`${what} must be one E value (6 words), got ${e.length} words`);
  return Array.from(e);
}

/** log2 of a positive power of two, else a BackendUsageError naming `what`. */
function log2Exact(n: number, what: string): number {
  const log = Math.log2(n);
  if (!Number.isInteger(log)) throw new BackendUsageError(`${what}: ${n} is not a power of two`);
  return log;
}

export function createOpeningKernels(ctx: OpeningContext): OpeningKernels {
  const { device } = ctx;
  const gpu = (buf: DeviceBuffer): Store => gpuBuffer(device, buf);
  const release = (buf: DeviceBuffer): void => {
    gpu(buf).destroy();
    (buf as WebGpuBuffer).gpu = null;
  };

  /** Runs `work` into a fresh E buffer of `length` values, freed again if the work fails. */
  async function into(length: number, work: (out: Store) => Promise<unknown>): Promise<DeviceBuffer> {
    const out = await ctx.create('E', length);
    try {
      await work(gpu(out));
      return out;
    } catch (e) {
      gpu(out).destroy();
      throw e;
    }
  }

  /** The reduction of a round's sums of Σ f·b at `stride`, in runs of its pairs' windows. */
  function sumsOf(f: DeviceBuffer, b: DeviceBuffer, stride: number): Reduction {
    const n = roundShape(f, b);
    roundTerms(n, stride);
    const [gf, gb] = [gpu(f), gpu(b)];
    return {
      what: 'roundSums',
      partialsLabel: 'round partial sums',
      kernel: f.elem === 'K' ? 'roundSumsK' : 'roundSumsE',
      parts: pairRuns(ctx.windows, n, stride).map((run) => ({
        terms: run.terms,
        inputs: [...pairBindings(run, gf, 4 * WORDS[f.elem]), ...pairBindings(run, gb, 24)],
        params: [run.n, run.stride, run.terms, run.hiShift],
      })),
    };
  }

  /** Records src with the variable of `stride` bound at r into out. */
  function recordFold(rec: Recording, src: DeviceBuffer, stride: number, r: E, out: Store): Recording {
    roundTerms(src.length, stride);
    const r6 = scalar(r, 'fold: r');
    for (const run of pairRuns(ctx.windows, src.length, stride)) {
      const bound = [...pairBindings(run, gpu(src), 4 * WORDS[src.elem]), windowOf(out, 24 * run.first, 24 * run.terms)];
      rec.dispatch(src.elem === 'K' ? 'foldK' : 'foldE', run.terms, bound, [...r6, run.terms, run.n, run.stride, run.hiShift]);
    }
    return rec;
  }

  return {
    host: ctx.host,
    zerocheckRounds: 'device',

    async roundSums(f, b, stride) {
      ctx.live();
      return reduce(ctx, sumsOf(f, b, stride));
    },

    async fold(src, stride, r, spend = false) {
      ctx.live();
      const count = roundTerms(src.length, stride);
      const out = await into(count, (o) => recordFold(ctx.record('fold'), src, stride, r, o).submit());
      // Always into a fresh buffer (a binding cannot be read and written at once): a spent src goes.
      if (spend) release(src);
      return out;
    },

    async foldRound(f, b, stride, r, nextStride, spend = {}) {
      ctx.live();
      roundShape(f, b);
      const count = roundTerms(f.length, stride);
      const fOut = await ctx.create('E', count);
      try {
        const bOut = await ctx.create('E', count);
        try {
          const rec = ctx.record('foldRound');
          recordFold(rec, f, stride, r, gpu(fOut));
          recordFold(rec, b, stride, r, gpu(bOut));
          const sums = await reduce(ctx, sumsOf(fOut, bOut, nextStride), rec);
          if (spend.f === true) release(f);
          if (spend.b === true) release(b);
          return { f: fOut, b: bOut, sums };
        } catch (e) {
          gpu(bOut).destroy();
          throw e;
        }
      } catch (e) {
        gpu(fOut).destroy();
        throw e;
      }
    },

    async eqTable(point, seed) {
      ctx.live();
      const n = point.length / 6;
      if (!Number.isInteger(n)) throw new BackendUsageError(`eqTable: a point is 6 words a coordinate, got ${point.length}`);
      const first = scalar(seed, 'eqTable: seed');
      return into(2 ** n, async (out) => {
        ctx.link.write(out, 0, Uint32Array.from(first));
        const spare = await scratchBuffer(ctx.link, 'an unused high half', 24);
        try {
          const rec = ctx.record('eqTable');
          const w = ctx.windows;
          for (let k = 0; k < n; k++) {
            const r = [...point.subarray(6 * k, 6 * k + 6)];
            const size = 2 ** k;
            // Doubling in place while both halves fit a window; else a window of the low half with the same of the high.
            if (48 * size <= w.bytes) rec.dispatch('eqStep', size, [windowOf(out, 0, 48 * size), spare], [...r, size, 0]);
            else for (const [i0, len] of runs(size, windowUnits(w, 24))) rec.dispatch('eqStep', len, [windowOf(out, 24 * i0, 24 * len), windowOf(out, 24 * (size + i0), 24 * len)], [...r, len, 1]);
          }
          return await rec.submit();
        } finally {
          spare.destroy();
        }
      });
    },

    async mapByTables(buf, tables) {
      ctx.live();
      sameShape('E', buf);
      if (tables.length !== E_LINEAR_TABLE_WORDS) throw new BackendUsageError(`mapByTables: byte tables need ${E_LINEAR_TABLE_WORDS} words, got ${tables.length}`);
      const phi = await scratchBuffer(ctx.link, 'the byte tables of a map', tables);
      try {
        const rec = ctx.record('mapByTables');
        dispatchElementwise(ctx.windows, rec, 'phiMap', buf.length, [{ windowed: gpu(buf), unit: 24 }, phi], (n) => [n]);
        await rec.submit();
      } finally {
        phi.destroy();
      }
    },

    async addScaled(acc, src, at = 0, scale, stride = 1) {
      ctx.live();
      checkSlice(acc, src, at, stride);
      const [ga, gs] = [gpu(acc), gpu(src)];
      if (ga === gs) throw new BackendUsageError('addScaled: acc must not be src');
      const s = scale === undefined ? [0, 0, 0, 0, 0, 0] : scalar(scale, 'addScaled: scale');
      const rec = ctx.record('addScaled');
      const w = ctx.windows;
      // Values i0 .. i0 + n of src go to acc at, at + stride, …: a window of each from an aligned start.
      const whole = src.length * 24 <= w.bytes && acc.length * 24 <= w.bytes;
      const per = whole ? src.length : Math.max(1, Math.floor((w.bytes - w.align) / (24 * stride)));
      for (const [i0, n] of runs(src.length, per)) {
        const a = whole ? { binding: ga, skip: 24 * at } : windowAround(w, ga, 24 * (at + stride * i0), 24 * (stride * (n - 1) + 1));
        const b = whole ? { binding: gs, skip: 0 } : windowAround(w, gs, 24 * i0, 24 * n);
        rec.dispatch('addScaled', n, [a.binding, b.binding], [...s, n, a.skip / 8, scale === undefined ? 0 : 1, stride, b.skip / 8]);
      }
      await rec.submit();
    },

    async queryWeights(queries, coeffs, m, logInvRate) {
      ctx.live();
      if (coeffs.length !== 6 * queries.length) throw new BackendUsageError(`queryWeights: ${queries.length} queries need as many coefficients, got ${coeffs.length / 6}`);
      if (!Number.isInteger(m) || m < 0 || !Number.isInteger(logInvRate) || logInvRate < 0) {
        throw new BackendUsageError(`queryWeights: need integers m, ν ≥ 0, got ${m}, ${logInvRate}`);
      }
      const logSize = m + logInvRate;
      // Duplicates add up on the host, so each scattered position is written once.
      const sums = new Map<number, Uint32Array>();
      queries.forEach((q, i) => {
        if (!Number.isInteger(q) || q < 0 || q >= 2 ** logSize) throw new BackendUsageError(`queryWeights: query ${q} is outside the domain of 2^${logSize}`);
        const sum = sums.get(q) ?? new Uint32Array(6);
        for (let t = 0; t < 6; t++) sum[t] ^= coeffs[6 * i + t];
        sums.set(q, sum);
      });
      const records = new Uint32Array(7 * sums.size);
      [...sums].forEach(([q, sum], i) => {
        records[7 * i] = q;
        records.set(sum, 7 * i + 1);
      });
      const points = await scratchBuffer(ctx.link, 'the scattered query coefficients', records);
      let domain: Store | null = null;
      try {
        const data = await scratchBuffer(ctx.link, `a domain of 2^${logSize} E values`, 24 * 2 ** logSize);
        domain = data;
        return await into(2 ** m, async (out) => {
          const rec = ctx.record('queryWeights');
          const w = ctx.windows;
          const positions = 2 ** logSize;
          const whole = 24 * positions <= w.bytes;
          for (const [p0, pn] of runs(positions, whole ? positions : windowUnits(w, 24))) {
            rec.dispatch('scatterPoints', sums.size, [windowOf(data, 24 * p0, 24 * pn), points], [sums.size, p0, pn]);
          }
          await ctx.ntt.transposed(rec, data, E_LANES, logInvRate, logSize);
          const words = 6 * 2 ** m;
          if (whole) rec.dispatch('sumTiles', words, [data, out], [words, 2 ** logInvRate]);
          else {
            for (let t = 0; t < 2 ** logInvRate; t++) {
              for (const [i0, n] of runs(words, windowUnits(w, 4))) rec.dispatch('sumTiles', n, [windowOf(data, 4 * (t * words + i0), 4 * n), windowOf(out, 4 * i0, 4 * n)], [n, 1]);
            }
          }
          return rec.submit();
        });
      } finally {
        points.destroy();
        domain?.destroy();
      }
    },

    async encodeFolded(f, logLanes, logInvRate) {
      ctx.live();
      sameShape('E', f);
      const logN = log2Exact(f.length, 'encodeFolded: table length');
      if (!Number.isInteger(logLanes) || logLanes < 0 || logLanes > logN || !Number.isInteger(logInvRate) || logInvRate < 0) {
        throw new BackendUsageError(`encodeFolded: an E table of 2^${logN} values cannot form 2^${logLanes} lanes at rate 2^-${logInvRate}`);
      }
      const logMsg = logN - logLanes;
      const bytes = 24 * f.length;
      return into(f.length * 2 ** logInvRate, async (codeword) => {
        // The message tiled 2^ν times is what the top ν layers make of it zero-padded.
        const rec = ctx.record('encodeFolded');
        for (let t = 0; t < 2 ** logInvRate; t++) rec.copy(gpu(f), 0, codeword, t * bytes, bytes);
        await ctx.ntt.forward(rec, codeword, E_LANES << logLanes, logMsg, logMsg + logInvRate);
        return rec.submit();
      });
    },
  };
}
