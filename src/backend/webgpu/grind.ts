// Grinding's nonce search on the GPU (Backend.smallestNonce): rounds of consecutive
// candidates, one dispatch of grind.wgsl each and a 4-byte read of the smallest passing
// index. The first round with a pass ends the search, so the nonce is the smallest, as the
// host's search (src/transcript/pow.ts) finds it.
import { BackendUsageError, type Backend } from '../backend';
import { checkBits, powMasks, searchByRounds } from '../../transcript/pow';
import { TAG_POW_NONCE } from '../../transcript/tags';
import { scratchBuffer } from './buffer';
import type { Recording } from './recording';

/** No pass yet: the kernel lowers it to a passing index. */
const NONE = 0xffffffff;

/** Candidates per round: a GPU hashes 2^20 in well under a millisecond, and the protocol's
 * 17 bits pass about every 2^17; a CPU-backed adapter takes rounds it can finish quickly. */
function roundSize(device: GPUDevice): number {
  return device.adapterInfo?.isFallbackAdapter ? 2 ** 16 : 2 ** 20;
}

/** What the nonce search needs from the backend that hosts it. */
export interface GrindContext {
  device: GPUDevice;
  live(): void;
  record(what: string): Recording;
}

export function createGrindKernels(ctx: GrindContext): Pick<Backend, 'smallestNonce'> {
  return {
    async smallestNonce(base, bits) {
      ctx.live();
      checkBits(bits);
      if (base.length !== 8) throw new BackendUsageError(`smallestNonce: the base is one digest (8 words), got ${base.length}`);
      const [maskLo, maskHi] = powMasks(bits);
      const found = await scratchBuffer(ctx.device, 'grinding result', Uint32Array.of(NONE));
      try {
        return await searchByRounds(bits, roundSize(ctx.device), async (hi, lo, count) => {
          const rec = ctx.record('smallestNonce');
          rec.dispatch('grind', count, [found], [...base, lo, hi, TAG_POW_NONCE, maskLo, maskHi, count]);
          rec.read(found, 0, 4);
          const [[i]] = await rec.submit();
          return i === NONE ? -1 : lo + i;
        });
      } finally {
        found.destroy();
      }
    },
  };
}
