// The VM capability's kernels on host arrays (../array-vm.ts) on the native module's
// (host/native/src/vm_bus.h): arrays in place, copied only where one does not start on the 8
// bytes the module reads u64 words from.
import type { VmArrayKernels } from '../array-vm';
import { checkGather } from '../../kernels/vm/gather';
import { ShapeError } from '../../util/errors';
import { aligned, type NativeModule } from './module';

/** Runs `write` on the words, or on an aligned copy written back after. */
function intoAligned<T>(words: Uint32Array, write: (w: Uint32Array) => T): T {
  const target = aligned(words);
  const out = write(target);
  if (target !== words) words.set(target);
  return out;
}

export function nativeVmKernels(module: NativeModule): VmArrayKernels {
  return {
    steps: module.vmStepper,
    gatherPairs(dst, src, n, g) {
      checkGather(dst, n, g);
      const spec = Int32Array.of(g.step, g.stride, g.word, g.slotStride, g.pcWord, g.slot, g.scale, g.add);
      const bad = module.gatherPairs(dst, src, n, g.rows, g.code, spec);
      if (bad < n) throw new ShapeError(`gatherPairs: row ${bad} reads past the source or the bytecode`);
    },
    productsOfFour(src, out) {
      intoAligned(out, (o) => module.productsOfFour(aligned(src), o));
    },
    quarticSums(rows, eq, bind) {
      if (bind === undefined) return module.quarticSums(aligned(rows), aligned(eq));
      return intoAligned(rows, (r) => module.quarticSums(r, aligned(eq), bind));
    },
    formRows(columns, form, n, out, at) {
      intoAligned(out, (o) => module.formRows(columns.map(aligned), form.a, form.b, form.coeffs, form.constant, n, o, at));
    },
    formPairSums(columns, elem, form, eq, half, bind) {
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
