// A local tool: does a process that proves aggregates one after another (a service, a worker)
// stay flat? Proves --count aggregates of --signers signatures in one process on one backend and
// prints the process's peak resident set (VmHWM) and its resident set after each; the last line
// puts the peak after the 5th beside the peak after the last.
//
//   npm run build && nice node dist/node/aggregate-memory.js [--count 100] [--signers 16] [--backend native] [--threads 1]
//
// Each aggregate signs a new message with fresh keys, so no proof repeats another's work.
import { openBackend } from '../host/node/backends';
import { mib, peakRss } from '../host/node/cli-files';
import { StdRng } from '../src/util/std-rng';
import { aggregate, verifyAggregate } from '../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../src/xmss';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}

const count = Number(arg('--count', '100'));
const signers = Number(arg('--signers', '16'));
const choice = arg('--backend', 'native') as 'cpu' | 'native' | 'webgpu' | 'auto';
const threads = Number(arg('--threads', '1'));
const epoch = 9;

const { backend, why } = await openBackend(choice, { threads });
console.log(`${count} aggregates of ${signers} signatures on ${why}`);
const peaks: number[] = [];
for (let a = 0; a < count; a++) {
  const message = Uint8Array.from({ length: 32 }, (_, i) => (a * 7 + i) & 0xff);
  const request = {
    message, epoch,
    signers: Array.from({ length: signers }, (_, i) => {
      const key = xmssKeyGen(Uint8Array.from({ length: 32 }, (_, j) => (a * 131 + i * 31 + j) & 0xff), 8, 11);
      return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(a * 1000 + i, 0)).signature };
    }),
  };
  const t0 = performance.now();
  const { aggregate: agg } = await aggregate(request, { backend });
  const ms = performance.now() - t0;
  if (!verifyAggregate(agg, { message, epoch }).valid) throw new Error(`aggregate ${a + 1} does not verify`);
  peaks.push(peakRss());
  console.log(`aggregate ${a + 1}: ${ms.toFixed(0)} ms; peak ${mib(peaks[a])}, resident ${mib(process.memoryUsage().rss)}`);
}
await backend.dispose();
const at5 = peaks[Math.min(4, count - 1)], last = peaks[count - 1];
console.log(`peak after the 5th: ${mib(at5)}; after the ${count}th: ${mib(last)} (${((100 * (last - at5)) / at5).toFixed(1)}% more)`);
