// The native VM capability (Backend.vm) gives the TypeScript kernels' words: layer products,
// GKR round sums (on rows bound in place first, an even or odd number of pairs, or as they
// are), folds (the top variable's in place too), eq tables, form rows and form pair sums (on
// columns bound first, into new arrays or in place, or as they are) from random inputs of
// several sizes (below and past a thread's grain), K and E columns, forms with constants,
// one-column and two-column terms and repeated columns, on every path at 1, 2 and 3 threads;
// then every vector program's proof on the native backend at 1 and 2 threads is NAME.proof
// byte for byte.
import { afterAll, expect, test } from 'vitest';
import { hostVmKernels } from '../../src/backend/cpu/vm-kernels';
import { createNativeBackend } from '../../src/backend/native/index';
import { nativeVmKernels } from '../../src/backend/native/vm-kernels';
import type { VmForm, VmKernels } from '../../src/backend/vm-kernels';
import { SplitMix64 } from '../../src/util/splitmix64';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { describeNative, eachPath } from './native';

function randomForm(rng: SplitMix64, columns: number, terms: number): VmForm {
  const pick = () => rng.next()[0] % columns;
  const b = Int32Array.from({ length: terms }, (_, t) => (t % 3 === 0 ? -1 : pick()));
  return { constant: rng.words(3), a: Int32Array.from({ length: terms }, pick), b, coeffs: rng.words(3 * terms) };
}

/** Every kernel's outputs on inputs drawn from `seed`. */
async function outputs(k: VmKernels, seed: number): Promise<Uint32Array[]> {
  const rng = new SplitMix64(seed);
  const out: Uint32Array[] = [];
  for (const logN of [1, 3, 7, 10, 13]) {
    const n = 2 ** logN;
    const src = rng.words(3 * 4 * n);
    const products = new Uint32Array(6 * n);
    await k.productsOfFour(src, products);
    out.push(products);
    out.push(await k.quarticSums(src, rng.words(3 * (n / 2))));
    // Bound in place first: an even and an odd number of pairs (a row of ones after it).
    for (const pairs of new Set([n / 2, Math.max(1, n / 2 - 1)])) {
      const rows = src.slice(0, 48 * pairs);
      out.push(await k.quarticSums(rows, rng.words(3 * Math.ceil(pairs / 2)), rng.words(3)));
      out.push(rows.subarray(0, 48 * Math.ceil(pairs / 2)));
    }
    for (const [elem, words] of [['K', 1], ['E', 3]] as const) {
      const table = rng.words(words * n);
      for (const stride of [1, 4, n / 2].filter((s) => s >= 1 && n % (2 * s) === 0)) {
        const folded = new Uint32Array(3 * n);
        await k.fold(table, elem, stride, rng.words(3), folded);
        out.push(folded);
      }
      if (elem === 'E') {
        // The top variable bound in place.
        const inPlace = table.slice();
        await k.fold(inPlace, elem, n / 2, rng.words(3), inPlace.subarray(0, 3 * n));
        out.push(inPlace.subarray(0, 3 * n));
      }
      const cols = Array.from({ length: 5 }, () => rng.words(words * n));
      const form = randomForm(rng, cols.length, 9);
      out.push(await k.formPairSums(cols, elem, form, rng.words(3 * (n / 2)), n / 2));
      // Bound at the top variable first: columns of 2n values into new arrays, and E ones in place.
      const unbound = Array.from({ length: 5 }, () => rng.words(words * 2 * n));
      const bound = unbound.map(() => new Uint32Array(6 * n));
      out.push(await k.formPairSums(unbound, elem, form, rng.words(3 * (n / 2)), n / 2, { r: rng.words(3), out: bound }), ...bound);
      if (elem === 'E') {
        const inPlace = unbound.map((c) => c.slice());
        const halves = inPlace.map((c) => c.subarray(0, 6 * n));
        out.push(await k.formPairSums(inPlace, elem, form, rng.words(3 * (n / 2)), n / 2, { r: rng.words(3), out: halves }), ...halves);
      }
      if (elem === 'K') {
        const rows = rng.words(3 * (n + 3)); // formRows adds to what is there
        await k.formRows(cols, form, n, rows, 3);
        out.push(rows);
      }
    }
    const eq = new Uint32Array(6 * n);
    await k.eqTable(rng.words(3 * logN), eq);
    out.push(eq);
  }
  return out;
}

describeNative('the native VM kernels', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const native = nativeVmKernels(module);

  eachPath(module, 'every kernel gives the TypeScript words at 1, 2 and 3 threads', async () => {
    const want = await outputs(hostVmKernels, 1);
    for (const threads of [1, 2, 3]) {
      module.setThreads(threads);
      const got = await outputs(native, 1);
      got.forEach((w, i) => expect(Buffer.from(w.buffer, w.byteOffset, w.byteLength).equals(Buffer.from(want[i].buffer, want[i].byteOffset, want[i].byteLength)), `output ${i}, ${threads} threads`).toBe(true));
    }
  });

  for (const name of VM_PROGRAMS) {
    test(`${name}: the native proof is ${name}.proof at 1 and 2 threads`, async () => {
      const program = parseProgram(vmText(name, 'program.json'));
      const pi = parsePublicInputJson(vmText(name, 'public.json'));
      for (const threads of [1, 2]) {
        const backend = createNativeBackend(module, { threads });
        const { proof } = await proveProgram(program, pi, { backend, logInvRate: vmSummary(name).announced.log_inv_rate });
        await backend.dispose();
        expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof'))), `${threads} threads`).toBe(true);
      }
    }, 120_000);
  }
});
