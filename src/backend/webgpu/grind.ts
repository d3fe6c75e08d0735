// Grinding's nonce search on the GPU (Backend.smallestNonce): rounds of consecutive
// candidates, one dispatch of grind.wgsl each and a 4-byte read of the smallest passing
// index. The first round with a pass ends the search, so the nonce is the smallest, as the
// host's search (src/transcript/pow.ts) finds it.
import { BackendUsageError, type Backend } from '../backend';
import { checkBits, powMasks, searchByRounds } from '../../transcript/pow';
import { TAG_POW_NONCE } from '../../transcript/tags';
import { scratchBuffer } from './buffer';
import type { KernelContext } from './context';

/** No pass yet: the kernel lowers it to a passing index. */
const NONE = 0xffffffff;

/** Candidates per round: 2^22, so the protocol's 17 bits (a pass about every 2^17) end the
 * search in one round but once in e^32, one wait; candidates past the first pass are skipped
 * (grind.wgsl). */
const ROUND = 2 ** 22;
/** Invocations a round: each takes its candidates in turn, 16 of a full round. */
const THREADS = 2 ** 18;

export function createGrindKernels(ctx: KernelContext): Pick<Backend, 'smallestNonce'> {
  return {
    async smallestNonce(base, bits) {
      ctx.live();
      checkBits(bits);
      if (base.length !== 8) throw new BackendUsageError(`smallestNonce: the base is one digest (8 words), got ${base.length}`);
      const [maskLo, maskHi] = powMasks(bits);
      const found = await scratchBuffer(ctx.link, 'grinding result', Uint32Array.of(NONE));
      try {
        return await searchByRounds(bits, ROUND, async (hi, lo, count) => {
          const rec = ctx.record('smallestNonce');
          rec.dispatch('grind', Math.min(count, THREADS), [found], [...base, lo, hi, TAG_POW_NONCE, maskLo, maskHi, count]);
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
