// Every VM kernel (Backend.vm) on random inputs drawn from a seed, on one backend: the words of
// every output, downloaded, so two backends are compared output for output. Layer products;
// GKR round sums on rows as they are and bound first (an even and an odd count of pairs, a row
// of ones after the odd one); form rows into an accumulator at an offset; form pair sums on K
// and E columns as they are, bound first into a new buffer, and (E) bound in place; the columns
// views at offsets of three buffers (one of every third value), forms with constants, one- and
// two-column terms and repeated columns; the columns' values, first or bound; a buffer of ones; g^i;
// the witness's gathers in each index shape.
import type { Backend, DeviceBuffer } from '../../src/backend/backend';
import type { VmForm } from '../../src/backend/vm-kernels';
import type { PairGather } from '../../src/kernels/vm/gather';
import { SplitMix64 } from '../../src/util/splitmix64';

function randomForm(rng: SplitMix64, columns: number, terms: number): VmForm {
  const pick = () => rng.next()[0] % columns;
  const b = Int32Array.from({ length: terms }, (_, t) => (t % 3 === 0 ? -1 : pick()));
  return { constant: rng.words(3), a: Int32Array.from({ length: terms }, pick), b, coeffs: rng.words(3 * terms) };
}

/** `count` columns of `n` values each: views of one random buffer (after a gap of 3 values),
 * the next to last one a view of every third value of another, the last one a buffer of its
 * own (three sources); `keep` collects what to free. */
async function randomColumns(backend: Backend, rng: SplitMix64, elem: 'K' | 'E', count: number, n: number, keep: DeviceBuffer[]): Promise<DeviceBuffer[]> {
  const words = elem === 'K' ? 1 : 3;
  const shared = await backend.upload(elem, rng.words(words * (3 + n * (count - 2))));
  const strided = await backend.upload(elem, rng.words(words * (1 + 3 * n)));
  const own = await backend.upload(elem, rng.words(words * n));
  keep.push(shared, strided, own);
  return Array.from({ length: count }, (_, i) =>
    i === count - 1 ? own : i === count - 2 ? backend.vm.view(strided, 1, n, 3) : backend.vm.view(shared, 3 + n * i, n));
}

/** Words below `bound`, `count` of them. */
function below(rng: SplitMix64, count: number, bound: number): Uint32Array {
  return rng.words(count).filter((_, i) => i % 2 === 0).map((w) => w % bound);
}

/** gatherPairs over `n` rows in each of its index shapes (a row's word, an operand, a cell's
 * limb, the row itself, the three together): rows of 5 words, 7 instructions of 8 slots. */
async function gatherOutputs(backend: Backend, rng: SplitMix64, n: number): Promise<Uint32Array[]> {
  const [stride, slotStride, instructions, top] = [5, 8, 7, 50];
  const rows = below(rng, stride * n, top).map((w, i) => (i % stride === 0 ? w % instructions : w));
  const code = below(rng, slotStride * instructions, top);
  const shapes: Partial<PairGather>[] = [
    { word: 3 },
    { slot: 2 },
    { word: 1, slot: 5, scale: 3, add: 2 },
    { step: 1, scale: 3, add: 1 },
    { step: 2, word: 4, slot: 7, scale: 2, add: 5 },
  ];
  const out: Uint32Array[] = [];
  for (const shape of shapes) {
    const g: PairGather = { step: 0, rows, stride, word: -1, code, slotStride, pcWord: 0, slot: -1, scale: 1, add: 0, ...shape };
    const src = rng.words(g.scale * (g.step * n + 2 * top) + g.add + 1);
    const dst = rng.words(n + 1); // one pair past the rows, left as it was
    await backend.vm.gatherPairs(dst, src, n, g);
    out.push(dst);
  }
  return out;
}

/** The outputs for rows of `n` values, or sizes (`half`, `n`) of the form kernels. */
export async function vmKernelOutputs(backend: Backend, seed: number, sizes: readonly number[]): Promise<Uint32Array[]> {
  const { vm } = backend;
  const rng = new SplitMix64(seed);
  const out: Uint32Array[] = [];
  const keep: DeviceBuffer[] = [];
  const upload = async (words: Uint32Array) => {
    const b = await backend.upload('E', words);
    keep.push(b);
    return b;
  };
  try {
    for (const n of sizes) {
      out.push(...(await gatherOutputs(backend, rng, n)));
      // Rows of four: n rows, n/2 pairs (n even).
      const src = await upload(rng.words(3 * 4 * n));
      const products = await vm.ones(n + 2, n);
      keep.push(products);
      await vm.productsOfFour(src, products);
      out.push(await backend.download(products));
      const powers = await vm.powers(3 * n + 1);
      keep.push(powers);
      out.push(await backend.download(powers));
      out.push(...(await vm.quarticSums([src], await upload(rng.words(3 * (n / 2))))).sums);
      // Two trees together, bound first (spent by the bind: the rows it leaves take their
      // place): an even and an odd number of pairs.
      const counts = [n / 2, Math.max(1, n / 2 - 1)];
      const trees = await Promise.all(counts.map((pairs) => backend.upload('E', rng.words(3 * 8 * pairs))));
      const round = await vm.quarticSums(trees, await upload(rng.words(3 * Math.ceil(n / 4))), rng.words(3));
      keep.push(...round.rows);
      out.push(...round.sums);
      for (const rows of round.rows) out.push(await backend.download(rows));
      for (const elem of ['K', 'E'] as const) {
        const half = Math.max(1, n >> 1);
        const form = randomForm(rng, 5, 9);
        const cols = await randomColumns(backend, rng, elem, 5, 2 * half, keep);
        out.push(await vm.formPairSums(cols, form, await upload(rng.words(3 * half)), half));
        out.push(await vm.values(cols), await vm.values(cols, rng.words(3)));
        // Bound at the top variable first: columns of 4·half values into a new buffer.
        const unbound = await randomColumns(backend, rng, elem, 5, 4 * half, keep);
        const bound = await backend.alloc('E', 5 * 2 * half + 1);
        keep.push(bound);
        const views = unbound.map((_, i) => vm.view(bound, 1 + 2 * half * i, 2 * half));
        out.push(await vm.formPairSums(unbound, form, await upload(rng.words(3 * half)), half, { r: rng.words(3), out: views }));
        out.push(await backend.download(bound), await backend.download(views[1]));
        if (elem === 'E') {
          // In place (consecutive columns only): the bound columns of one buffer, each a view of
          // its own first half.
          const table = await upload(rng.words(3 * 5 * 4 * half));
          const columns = unbound.map((_, i) => vm.view(table, 4 * half * i, 4 * half));
          const halves = columns.map((c) => vm.view(c, 0, 2 * half));
          out.push(await vm.formPairSums(columns, form, await upload(rng.words(3 * half)), half, { r: rng.words(3), out: halves }));
          out.push(await backend.download(table));
        } else {
          const rows = await upload(rng.words(3 * (n + 4))); // formRows adds to what is there
          await vm.formRows(cols, form, 2 * half - 1, rows, 3);
          out.push(await backend.download(rows));
        }
      }
    }
  } finally {
    for (const b of keep) backend.free(b);
  }
  return out;
}

/** The indices where two runs' outputs differ (none when they agree word for word). */
export function differences(got: readonly Uint32Array[], want: readonly Uint32Array[]): number[] {
  if (got.length !== want.length) return [-1];
  return got.flatMap((g, i) => (g.length === want[i].length && g.every((w, k) => w === want[i][k]) ? [] : [i]));
}

/** Misuse the kernels refuse with a BackendUsageError naming it, on one backend. */
export async function vmKernelMisuse(backend: Backend): Promise<string[]> {
  const { vm } = backend;
  const k = await backend.upload('K', new Uint32Array(2 * 8));
  const e = await backend.upload('E', new Uint32Array(6 * 8));
  const form: VmForm = { constant: new Uint32Array(6), a: Int32Array.of(0), b: Int32Array.of(-1), coeffs: new Uint32Array(6) };
  const refused: string[] = [];
  const refuse = async (what: string, work: () => unknown) => {
    try {
      await work();
    } catch (err) {
      if ((err as Error).name === 'BackendUsageError') refused.push(what);
    }
  };
  try {
    await refuse('a view past the buffer', () => vm.view(k, 6, 3));
    await refuse('rows that are not whole pairs', () => vm.quarticSums([vm.view(e, 0, 4)], e));
    await refuse('too few weights', () => vm.quarticSums([e], vm.view(e, 0, 0)));
    await refuse('formRows on E columns', () => vm.formRows([e], form, 1, e, 0));
    await refuse('columns of two kinds', () => vm.formPairSums([k, e], form, e, 2));
    await refuse('pair sums past the columns', () => vm.formPairSums([k], form, e, 8));
    await refuse('a product of a partial four', () => vm.productsOfFour(vm.view(e, 0, 6), e));
  } finally {
    backend.free(k);
    backend.free(e);
  }
  return refused;
}
