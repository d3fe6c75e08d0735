// The VM capability (src/backend/vm-kernels.ts) on the native module's kernels
// (host/native/src/vm_bus.h, and its fold and eqTable): host arrays in place, copied only where
// one does not start on the 8 bytes the module reads u64 words from.
import type { VmKernels } from '../vm-kernels';
import type { NativeModule } from './module';
import type { WordPool } from '../word-pool';
import { nativeWordPool } from './word-pool';

const aligned = (words: Uint32Array): Uint32Array => (words.byteOffset % 8 === 0 ? words : words.slice());

/** Runs `write` on the words, or on an aligned copy written back after. */
function intoAligned(words: Uint32Array, write: (w: Uint32Array) => void): void {
  const target = aligned(words);
  write(target);
  if (target !== words) words.set(target);
}

/** The kernels, their large arrays from `pool` (the backend's, or one of their own). */
export function nativeVmKernels(module: NativeModule, pool: WordPool = nativeWordPool(module)): VmKernels {
  return {
    take: (length) => pool.take(length),
    give: (words) => pool.give(words),
    async productsOfFour(src, out) {
      intoAligned(out, (o) => module.productsOfFour(aligned(src), o));
    },
    async quarticSums(rows, eq, bind) {
      if (bind === undefined) return module.quarticSums(aligned(rows), aligned(eq));
      let sums: Uint32Array | undefined;
      intoAligned(rows, (r) => (sums = module.quarticSums(r, aligned(eq), bind)));
      return sums!;
    },
    async fold(src, elem, stride, r, out) {
      intoAligned(out, (o) => module.fold(aligned(src), elem === 'E', stride, r, o));
    },
    async eqTable(point, out) {
      intoAligned(out, (o) => module.eqTable(point, Uint32Array.of(1, 0, 0, 0, 0, 0), o));
    },
    async formRows(columns, form, n, out, at) {
      intoAligned(out, (o) => module.formRows(columns.map(aligned), form.a, form.b, form.coeffs, form.constant, n, o, at));
    },
    async formPairSums(columns, elem, form, eq, half, bind) {
      const cols = columns.map(aligned);
      if (bind === undefined) return module.formPairSums(cols, elem === 'E', form.a, form.b, form.coeffs, form.constant, aligned(eq), half);
      const out = bind.out.map(aligned);
      const sums = module.formPairSums(cols, elem === 'E', form.a, form.b, form.coeffs, form.constant, aligned(eq), half, bind.r, out);
      out.forEach((o, i) => {
        if (o !== bind.out[i]) bind.out[i].set(o);
      });
      return sums;
    },
  };
}
