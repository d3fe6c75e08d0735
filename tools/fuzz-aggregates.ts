// A local tool (CI runs a slice: test/workloads/xmss-aggregate-fuzz.test.ts): N mutants of a
// leaf aggregate (test/fuzz/aggregate-mutants.ts), each decoded and verified; reports how many
// were refused and how, the slowest mutant and the time per mutant. Stops at the first mutant that
// is accepted or refused with anything but a typed error, writing it to --found.
//
//   npm run build && nice node dist/node/fuzz-aggregates.js --cases 100000 [--seed S] [--signers 2]
//     [--found F] [--seconds T] [--only K]
//
// --seconds stops after T seconds and reports the mutants run so far; --only K judges mutant K of
// the seed alone (a finding's or the slowest's replay). Several processes with other seeds share
// the cores. The reference vectors are read from ../shared/vectors (or LEANVM_VECTORS).
import { readFileSync, writeFileSync } from 'node:fs';
import { openBackend } from '../host/node/backends';
import { judge, leafSubject, mutateAggregate, type Outcome } from '../test/fuzz/aggregate-mutants';
import { xorshift32 } from '../test/hash/prng';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  // Usage and unknown options first: a typo must not start 10^5 mutants.
  console.log('usage: node dist/node/fuzz-aggregates.js [--cases N] [--seed S] [--signers K] [--found F] [--seconds T] [--only K]');
  process.exit(0);
}
for (const [i, a] of process.argv.slice(2).entries()) {
  if (a.startsWith('--') && !['--cases', '--seed', '--signers', '--found', '--seconds', '--only'].includes(a)) {
    console.error(`unknown option ${a} (argument ${i + 1}); --help lists them`);
    process.exit(2);
  }
}
const cases = Number(arg('--cases', '100000'));
const seed = Number(arg('--seed', '1'));
const signers = Number(arg('--signers', '2'));
const found = arg('--found', 'aggregate-fuzz-finding.bin');
const seconds = Number(arg('--seconds', 'Infinity'));
const only = process.argv.includes('--only') ? Number(arg('--only', '0')) : undefined;
const vectors = process.env.LEANVM_VECTORS ?? '../shared/vectors';

const { backend, why } = await openBackend('auto', { threads: 1 });
const subject = await leafSubject(backend, signers, new Uint8Array(readFileSync(`${vectors}/vm/arith.proof`)));
await backend.dispose();
console.log(`subject: a leaf aggregate of ${signers} signers, ${subject.bytes.length} bytes (proved on ${why}); ${cases} mutants, seed ${seed}`);

const rng = xorshift32(seed);
if (only !== undefined) {
  for (let c = 0; c < only; c++) mutateAggregate(subject, rng);
  const bytes = mutateAggregate(subject, rng);
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const { outcome, reason } = judge(subject, bytes, `mutant ${only} (seed ${seed})`);
    console.log(`mutant ${only}: ${bytes.length} bytes, ${outcome}: ${reason}; ${(performance.now() - t0).toFixed(0)} ms`);
  }
  process.exit(0);
}
const outcomes: Record<Outcome, number> = { decode: 0, invalid: 0, 'proof-format': 0, unchanged: 0 };
const reasons = new Map<string, number>();
let slowest = { ms: 0, index: -1 };
let totalMs = 0;
const started = Date.now();
let ran = 0;
for (let c = 0; c < cases && Date.now() - started < 1000 * seconds; c++, ran++) {
  const bytes = mutateAggregate(subject, rng);
  const t0 = performance.now();
  let result;
  try {
    result = judge(subject, bytes, `mutant ${c} (seed ${seed})`);
  } catch (e) {
    writeFileSync(found, bytes);
    console.error(`FINDING: ${(e as Error).message}\n  the mutant's bytes: ${found}`);
    process.exit(1);
  }
  const ms = performance.now() - t0;
  totalMs += ms;
  if (ms > slowest.ms) slowest = { ms, index: c };
  outcomes[result.outcome]++;
  const key = `${result.outcome}: ${result.reason}`;
  reasons.set(key, (reasons.get(key) ?? 0) + 1);
  if ((c + 1) % 1000 === 0) {
    console.log(`${c + 1} mutants: ${JSON.stringify(outcomes)}; slowest ${slowest.ms.toFixed(0)} ms (mutant ${slowest.index}); ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
console.log(`done: ${ran} mutants, none accepted, every refusal typed: ${JSON.stringify(outcomes)}`);
console.log(`time per mutant: mean ${(totalMs / ran).toFixed(1)} ms, max ${slowest.ms.toFixed(0)} ms (mutant ${slowest.index}); wall ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${n} × ${r}`);
