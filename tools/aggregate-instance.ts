// A local tool (never run in CI): writes an instance of programs/aggregate-xmss.py for the
// reference toolchain, the committed program with the `# public_input:` / `# witness` annotations
// of one signer set (the source itself stays free of per-instance data), and optionally the
// witness JSON, which the reference toolchain (outside this repository) compiles, runs, proves and
// verifies.
//
//   npx esbuild tools/aggregate-instance.ts --bundle --platform=node --format=esm --outfile=/tmp/agg-instance.mjs
//   node /tmp/agg-instance.mjs --n 20 --epoch 7 --out /tmp/agg20.py [--json W.json] [--vector-key] [--bad K]
//
// Keys are fresh and deterministic (seed i = BLAKE2s("aggregate-instance key " ‖ i), range
// epoch − 3 ..= epoch + 4 clipped to u32, StdRng::seed_from_u64(i) for the signing randomness).
// --vector-key uses the vector key 0 and its signature at epoch 7 (n = 1). --bad K builds the
// witness from the valid set, then flips a bit of signer K's first chain value in the `chains`
// stream, as a cheating prover would: the program must then fail.
import { readFileSync, writeFileSync } from 'node:fs';
import { blake2s } from '../src/hash/blake2s';
import { StdRng } from '../src/util/std-rng';
import { type AggregateSigner, aggregateWitness, annotatedProgram, witnessJson } from '../src/workloads/xmss-aggregate';
import { XMSS_CHAINS, decodePublicKey, decodeSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../src/xmss';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

const n = Number(arg('--n') ?? '1');
const epoch = Number(arg('--epoch') ?? '7');
const out = arg('--out');
const programPath = arg('--program') ?? 'programs/aggregate-xmss.py';
const vectors = arg('--vectors') ?? '../shared/vectors/xmss';
if (out === undefined) throw new Error('--out FILE.py is required');

const message = Uint8Array.from({ length: 32 }, (_, i) => (7 * i + 1) & 0xff);
let signers: AggregateSigner[];
let msg = message;
let ep = epoch;
if (process.argv.includes('--vector-key')) {
  const index = JSON.parse(readFileSync(`${vectors}/index.json`, 'utf8'));
  const c = index.cases.find((x: { case: string }) => x.case === 'key0_e7');
  msg = new Uint8Array(Buffer.from(c.message, 'hex'));
  ep = c.epoch;
  signers = [{ publicKey: decodePublicKey(readFileSync(`${vectors}/${c.public_key_file}`)), signature: decodeSignature(readFileSync(`${vectors}/${c.signature_file}`)) }];
} else {
  const lo = Math.max(0, epoch - 3), hi = Math.min(2 ** 32 - 1, epoch + 4);
  const t0 = Date.now();
  signers = Array.from({ length: n }, (_, i) => {
    const key = xmssKeyGen(blake2s(new TextEncoder().encode(`aggregate-instance key ${i}`)), lo, hi);
    const { signature } = xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(i, 0));
    return { publicKey: key.publicKey, signature, epochs: { start: lo, end: hi } };
  });
  console.error(`${n} keys and signatures in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const witness = aggregateWitness({ message: msg, epoch: ep, signers });
const bad = arg('--bad');
if (bad !== undefined) {
  const entry = witness.streams.get('chains')![Number(bad) * XMSS_CHAINS];
  entry[0] = entry[0].slice();
  entry[0][0] ^= 1;
}
writeFileSync(out, annotatedProgram(readFileSync(programPath, 'utf8'), witness));
const json = arg('--json');
if (json !== undefined) writeFileSync(json, JSON.stringify(witnessJson(witness)) + '\n');
console.error(`wrote ${out}: n = ${witness.publicKeys.length}, epoch ${ep}, digest ${Buffer.from(witness.digest).toString('hex')}`);
