// The VM capability (VmKernels) in WGSL: the bus's trees, the GKR's levels and the table
// sumcheck's bound columns live in storage buffers between rounds, columns are views (strided
// or not) of the committed stack or of the program's buffer, and each round's sums are reduced
// on the device (reduction.ts), so 72 or 96 bytes come back a round. A form goes up as one small
// table (lib/vm_form.wgsl) with the kernel that reads it. Operands longer than a binding are
// read in windows (window.ts), a form's columns gathered a run of rows at a time (vm-gather.ts).
import { gatherPairs } from '../../kernels/vm/gather';
import type { E } from '../../field/e';
import { BackendUsageError, type DeviceBuffer, type Elem } from '../backend';
import type { VmForm, VmKernels } from '../vm-kernels';
import { checkView } from '../array-vm';
import { WebGpuBuffer, gpuRange, gpuStrided, scratchBuffer } from './buffer';
import type { KernelContext } from './context';
import { reduce, reduceAll, type Reduction, type ReductionPart } from './reduction';
import type { Store } from './store';
import { Gather } from './vm-gather';
import { spanRuns } from './window';
import type { PlainSteps } from '../../kernels/vm/steps';

const NO_COLUMN = 0xffffffff;
/** Words of a column in a form's table: source, first value, first bound value, stride. */
const COLUMN_WORDS = 4;
/** Source buffers a form's columns may lie in (the kernels' src0, src1, src2): the stack, the
 * g^i table and the program's columns. */
const SOURCES = 3;
const ZERO_E = [0, 0, 0, 0, 0, 0];
/** The form of a kernel that reads columns only. */
const NO_TERMS: VmForm = { constant: new Uint32Array(6), a: new Int32Array(0), b: new Int32Array(0), coeffs: new Uint32Array(0) };

function scalar(e: E): number[] {
  if (e.length !== 6) throw new BackendUsageError(`a VM kernel's scalar is one E value (6 words), got ${e.length}`);
  return Array.from(e);
}

function columnsElem(columns: readonly DeviceBuffer[]): Elem {
  const elem = columns[0]?.elem ?? 'K';
  if (columns.some((c) => c.elem !== elem)) throw new BackendUsageError('the columns of a form are of one kind');
  return elem;
}

export function createVmKernels(ctx: KernelContext, steps: PlainSteps | undefined): VmKernels {
  const { device, link } = ctx;
  const range = (buf: DeviceBuffer) => gpuRange(device, buf);
  // Bound where a kernel's binding is unused: one to read, one to write (never aliased).
  const spares = (): Promise<[Store, Store]> =>
    ctx.once('vm spares', async () => {
      const source = await scratchBuffer(link, 'an unused source', 24);
      try {
        return [source, await scratchBuffer(link, 'an unused output', 24)];
      } catch (e) {
        source.destroy();
        throw e;
      }
    });

  /** The form as lib/vm_form.wgsl reads it: per column its source (0 to 2), first value, first
   * bound value and stride, then the terms. */
  function formWords(columns: readonly { source: number; at: number; outAt: number; stride: number }[], form: VmForm): Uint32Array {
    const terms = form.a.length;
    if (form.b.length !== terms || form.coeffs.length !== 6 * terms) throw new BackendUsageError(`a form of ${terms} terms has ${form.b.length} second columns and ${form.coeffs.length / 6} coefficients`);
    const words = new Uint32Array(COLUMN_WORDS * columns.length + 8 * terms);
    columns.forEach((c, i) => words.set([c.source, c.at, c.outAt, c.stride], COLUMN_WORDS * i));
    const base = COLUMN_WORDS * columns.length;
    for (let t = 0; t < terms; t++) {
      const [a, b] = [form.a[t], form.b[t]];
      if (a < 0 || a >= columns.length || b >= columns.length) throw new BackendUsageError(`a form's term reads column ${a >= columns.length || a < 0 ? a : b} of ${columns.length}`);
      words[base + 8 * t] = a;
      words[base + 8 * t + 1] = b < 0 ? NO_COLUMN : b;
      words.set(form.coeffs.subarray(6 * t, 6 * t + 6), base + 8 * t + 2);
    }
    return words;
  }

  /** The form's table with its columns in at most three source buffers bound whole (and
   * `outs`' offsets, for a bind), and those buffers. */
  async function formTable(columns: readonly DeviceBuffer[], form: VmForm, outs?: readonly DeviceBuffer[]): Promise<{ words: Uint32Array; sources: Store[] }> {
    const sources: Store[] = [];
    const placed = columns.map((c, i) => {
      const { gpu, at, stride } = gpuStrided(device, c);
      let source = sources.indexOf(gpu);
      if (source < 0) {
        if (sources.length === SOURCES) throw new BackendUsageError(`the columns of a form lie in more than ${SOURCES} buffers`);
        source = sources.push(gpu) - 1;
      }
      return { source, at, outAt: outs === undefined ? 0 : range(outs[i]).at, stride };
    });
    const words = formWords(placed, form);
    const spare = (await spares())[0];
    while (sources.length < SOURCES) sources.push(sources[0] ?? spare);
    return { words, sources };
  }

  /** Whether every buffer fits one binding, so a kernel binds them whole. */
  const fit = (...buffers: Store[]) => buffers.every((b) => b.size <= ctx.windows.bytes);

  /** A plan to gather `ranges` ranges of at most `maxRows` rows of the columns (vm-gather.ts). */
  const plan = (columns: readonly DeviceBuffer[], ranges: number, maxRows: number) =>
    new Gather(columns.map((c) => gpuStrided(device, c)), columnsElem(columns) === 'E' ? 24 : 8, ranges, maxRows, ctx.windows.bytes);

  /** The scratch a plan gathers the columns into, bound as the kernel's three sources, and the
   * table that reads them there (bound values at `outAt`). */
  async function gathered(columns: readonly DeviceBuffer[], form: VmForm, gather: Gather, outAt?: readonly number[]) {
    const words = formWords(columns.map((c, i) => ({ source: 0, at: gather.at[i], outAt: outAt?.[i] ?? 0, stride: gpuStrided(device, c).stride })), form);
    // At least one E value: a form of no columns binds it unread.
    const scratch = await scratchBuffer(link, 'a run of a form\'s columns', Math.max(24, gather.bytes));
    return { plan: gather, scratch, words, sources: [scratch, scratch, scratch] };
  }

  return {
    steps,
    take: (length) => new Uint32Array(length),
    zeroed: (length) => new Uint32Array(length),
    give: () => {},
    // The host words are plain arrays here (take): nothing to give back.
    own: (elem, words) => ctx.upload(elem, words),
    // The witness is built on the host: the reference's gather.
    gatherPairs: async (dst, src, n, g) => gatherPairs(dst, src, n, g),

    view(buf, at, length, stride = 1) {
      const base = gpuStrided(device, buf);
      checkView(buf, at, length, stride);
      return new WebGpuBuffer(buf.elem, length, device, base.gpu, base.at + base.stride * at, true, base.stride * stride);
    },

    async powers(n) {
      ctx.live();
      if (!Number.isInteger(n) || n < 1) throw new BackendUsageError(`powers: ${n} is not a positive count`);
      const out = await ctx.create('K', n);
      try {
        const rec = ctx.record('powers');
        for (const { first, n: m, bound } of spanRuns(ctx.windows, n, [{ buffer: range(out).gpu, at: 0, per: 1, unit: 8 }])) {
          rec.dispatch('vmPowers', m, [bound[0].binding], [m, first, bound[0].at]);
        }
        await rec.submit();
        return out;
      } catch (e) {
        range(out).gpu.destroy();
        throw e;
      }
    },

    async ones(length, from) {
      ctx.live();
      if (!Number.isInteger(from) || from < 0 || from > length) throw new BackendUsageError(`ones: ${from} zeros do not fit ${length} values`);
      const out = await ctx.create('E', length);
      try {
        const rec = ctx.record('ones');
        for (const { n, bound } of spanRuns(ctx.windows, length - from, [{ buffer: range(out).gpu, at: from, per: 1, unit: 24 }])) {
          rec.dispatch('vmOnes', n, [bound[0].binding], [bound[0].at + n, bound[0].at]);
        }
        await rec.submit();
        return out;
      } catch (e) {
        range(out).gpu.destroy();
        throw e;
      }
    },

    async productsOfFour(src, out) {
      ctx.live();
      const n = src.length / 4;
      if (src.elem !== 'E' || out.elem !== 'E' || !Number.isInteger(n) || out.length < n) throw new BackendUsageError(`productsOfFour: ${src.length} E values into ${out.length}`);
      const [s, o] = [range(src), range(out)];
      const rec = ctx.record('productsOfFour');
      const spans = [
        { buffer: s.gpu, at: s.at, per: 4, unit: 24 },
        { buffer: o.gpu, at: o.at, per: 1, unit: 24 },
      ];
      for (const { n: m, bound: [from, to] } of spanRuns(ctx.windows, n, spans)) {
        rec.dispatch('vmProducts', m, [from.binding, to.binding], [m, from.at, to.at]);
      }
      await rec.submit();
    },

    async quarticSums(trees, eq, bind) {
      ctx.live();
      const outs: DeviceBuffer[] = [];
      try {
        const reductions: Reduction[] = [];
        for (const rows of trees) {
          const pairs = rows.length / 8;
          const summed = bind === undefined ? pairs : Math.ceil(pairs / 2);
          if (rows.elem !== 'E' || eq.elem !== 'E' || !Number.isInteger(pairs) || pairs < 1 || eq.length < summed) {
            throw new BackendUsageError(`quarticSums: ${rows.length} ${rows.elem} values are not whole pairs of rows, or ${eq.length} weights are too few`);
          }
          const out = bind === undefined ? undefined : await ctx.create('E', 8 * summed);
          if (out !== undefined) outs.push(out);
          const [r, e] = [range(rows), range(eq)];
          // A bound pair p reads the given rows 4p to 4p + 3 and writes rows 2p and 2p + 1.
          const spans = [
            { buffer: r.gpu, at: r.at, per: bind === undefined ? 8 : 16, unit: 24 },
            { buffer: e.gpu, at: e.at, per: 1, unit: 24 },
            { buffer: out === undefined ? (await spares())[1] : range(out).gpu, at: 0, per: out === undefined ? 0 : 8, unit: 24 },
          ];
          const parts = spanRuns(ctx.windows, summed, spans).map(({ first, n, bound: [rs, es, os] }) => ({
            terms: n,
            inputs: [rs.binding, es.binding, os.binding],
            // The pairs before the bind that the run's rows hold (past them, rows of ones).
            params: [...(bind === undefined ? ZERO_E : scalar(bind)), rs.at, es.at, bind === undefined ? n : pairs - 2 * first, n, bind === undefined ? 0 : 1, os.at],
          }));
          reductions.push({ what: 'quarticSums', partialsLabel: 'GKR partial sums', kernel: 'vmQuartic', parts, sums: 4 });
        }
        const sums = await reduceAll(ctx, reductions);
        if (bind === undefined) return { sums, rows: trees };
        for (const rows of trees) {
          if (!(rows as WebGpuBuffer).view) range(rows).gpu.destroy();
          (rows as WebGpuBuffer).gpu = null;
        }
        return { sums, rows: outs };
      } catch (e) {
        for (const out of outs) range(out).gpu.destroy();
        throw e;
      }
    },

    async formRows(columns, form, n, out, at) {
      ctx.live();
      if (columnsElem(columns) !== 'K' || out.elem !== 'E') throw new BackendUsageError('formRows takes K columns into E values');
      if (!Number.isInteger(n) || n < 0 || !Number.isInteger(at) || at < 0 || at + n > out.length || columns.some((c) => c.length < n)) {
        throw new BackendUsageError(`formRows: ${n} rows from ${at} do not fit the columns or ${out.length} values`);
      }
      if (n === 0) return;
      const o = range(out);
      const g = fit(...columns.map((c) => gpuStrided(device, c).gpu), o.gpu) ? undefined : await gathered(columns, form, plan(columns, 1, n));
      let table: Store | undefined;
      try {
        const { words, sources } = g ?? (await formTable(columns, form));
        table = await scratchBuffer(link, 'a form', words);
        const rec = ctx.record('formRows');
        for (const { first, n: m, bound: [to] } of spanRuns(ctx.windows, n, [{ buffer: o.gpu, at: o.at + at, per: 1, unit: 24 }], g?.plan.rows)) {
          g?.plan.copy(rec, g.scratch, [first], m);
          rec.dispatch('vmFormRows', m, [...sources, table, to.binding], [...scalar(form.constant), m, to.at, form.a.length, columns.length]);
        }
        await rec.submit();
      } finally {
        table?.destroy();
        g?.scratch.destroy();
      }
    },

    async formPairSums(columns, form, eq, half, bind) {
      ctx.live();
      const elem = columnsElem(columns);
      const rows = (bind === undefined ? 2 : 4) * half;
      if (!Number.isInteger(half) || half < 1 || eq.elem !== 'E' || eq.length < half || columns.some((c) => c.length < rows)) {
        throw new BackendUsageError(`formPairSums: columns of ${rows} values and ${half} weights needed`);
      }
      const outs = bind?.out;
      if (outs !== undefined && (outs.length !== columns.length || outs.some((o) => o.elem !== 'E' || o.length < 2 * half))) {
        throw new BackendUsageError(`formPairSums: a bind writes one E column of ${2 * half} values a column`);
      }
      const outGpu = outs === undefined || outs.length === 0 ? undefined : range(outs[0]).gpu;
      if (outs?.some((o) => range(o).gpu !== outGpu)) throw new BackendUsageError('formPairSums: the bound columns lie in one buffer');
      const sourceGpus = columns.map((c) => gpuStrided(device, c).gpu);
      // In place: the bound columns over their own first halves, in the one buffer they share.
      const inPlace = outGpu !== undefined && sourceGpus.includes(outGpu);
      if (inPlace && (elem !== 'E' || columns.some((c, i) => range(c).gpu !== outGpu || range(c).at !== range(outs![i]).at))) {
        throw new BackendUsageError('formPairSums: a bind into the columns\' own buffer is one in place, of E columns, each over its own first half');
      }
      const e = range(eq);
      const r = bind === undefined ? ZERO_E : scalar(bind.r);
      const params = (n: number, eqAt: number) => [...r, n, form.a.length, columns.length, elem === 'E' ? 1 : 0, bind === undefined ? 0 : 1, eqAt];
      const whole = fit(...sourceGpus, e.gpu, ...(outGpu === undefined ? [] : [outGpu]));
      const scratch: Store[] = [];
      try {
        let parts: ReductionPart[];
        if (whole) {
          const { words, sources } = await formTable(columns, form, outs);
          const table = await scratchBuffer(link, 'a form', words);
          scratch.push(table);
          parts = [{ terms: half, inputs: inPlace ? [e.gpu, table, outGpu!] : [...sources, e.gpu, table, outGpu ?? (await spares())[1]], params: params(half, e.at) }];
        } else {
          // A run of n pairs from i gathers rows i, i + half (and a bind's i + 2·half, i +
          // 3·half) of every column, and its bound rows i and i + half go back to the outs
          // (over the columns' own rows in place: no other run reads them).
          const ranges = bind === undefined ? 2 : 4;
          let sourcePlan = plan(columns, ranges, half);
          const outPlan = outs === undefined || outs.length === 0 ? undefined : plan(outs, 2, sourcePlan.rows);
          if (outPlan !== undefined && outPlan.rows < sourcePlan.rows) sourcePlan = plan(columns, ranges, outPlan.rows);
          const g = await gathered(columns, form, sourcePlan, outPlan?.at);
          scratch.push(g.scratch);
          const table = await scratchBuffer(link, 'a form', g.words);
          scratch.push(table);
          const bound = outPlan === undefined ? (await spares())[1] : await scratchBuffer(link, 'a run of bound columns', outPlan.bytes);
          if (outPlan !== undefined) scratch.push(bound);
          const runs = spanRuns(ctx.windows, half, [{ buffer: e.gpu, at: e.at, per: 1, unit: 24 }], sourcePlan.rows);
          parts = runs.map(({ first, n, bound: [es] }) => ({
            terms: n,
            inputs: [...g.sources, es.binding, table, bound],
            params: params(n, es.at),
            before: (rec) => sourcePlan.copy(rec, g.scratch, Array.from({ length: ranges }, (_, k) => first + k * half), n),
            after: outPlan && ((rec) => outPlan.copyBack(rec, bound, [first, first + half], n)),
          }));
        }
        const sums = await reduce(ctx, {
          what: 'formPairSums',
          partialsLabel: 'table partial sums',
          kernel: whole && inPlace ? 'vmFormPairsInPlace' : 'vmFormPairs',
          parts,
          sums: 3,
        });
        // The constant adds once: the eq weights sum to one.
        for (let k = 0; k < 6; k++) sums[k] ^= form.constant[k];
        return sums;
      } finally {
        for (const b of scratch) b.destroy();
      }
    },

    async values(columns, r) {
      ctx.live();
      const elem = columnsElem(columns);
      if (columns.length === 0) return new Uint32Array(0);
      const rows = r === undefined ? 1 : 2;
      if (columns.some((c) => c.length < rows)) throw new BackendUsageError(`values: columns of ${rows} values needed`);
      const g = fit(...columns.map((c) => gpuStrided(device, c).gpu)) ? undefined : await gathered(columns, NO_TERMS, plan(columns, 1, rows));
      const made: Store[] = g === undefined ? [] : [g.scratch];
      try {
        const { words, sources } = g ?? (await formTable(columns, NO_TERMS));
        const table = await scratchBuffer(link, 'the columns of a table', words);
        made.push(table);
        const out = await scratchBuffer(link, 'the columns\' values', 24 * columns.length);
        made.push(out);
        const params = [...(r === undefined ? ZERO_E : scalar(r)), columns.length, elem === 'E' ? 1 : 0, r === undefined ? 0 : 1];
        const rec = ctx.record('values');
        g?.plan.copy(rec, g.scratch, [0], rows);
        rec.dispatch('vmValues', columns.length, [...sources, table, out], params);
        rec.read(out, 0, 24 * columns.length);
        const [values] = await rec.submit();
        return values;
      } finally {
        for (const b of made) b.destroy();
      }
    },
  };
}
