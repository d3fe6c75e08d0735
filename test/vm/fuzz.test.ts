// Mutated inputs give typed errors, never a crash, a hang or a huge allocation: proof files
// mutated byte-wise (flips, truncations, insertions, random length prefixes, random files) and
// structurally (streams and Merkle phases shortened, lengthened, reordered, spliced from another
// proof, then re-encoded), program JSON text and public-input spellings mutated at random.
// Every proof case must be `valid: false` or a ProofFormatError; every program a ProgramFormatError
// or a program; every public input a PublicInputError or two words.
//
// LEANVM_VM_FUZZ=N runs N proof cases instead of the CI's few hundred (a local run).
import { describe, expect, it } from 'vitest';
import { ProofFormatError } from '../../src/transcript/errors';
import { parseProof } from '../../src/transcript/proof';
import { ProgramFormatError, PublicInputError } from '../../src/vm/errors';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { below, mutateProof } from '../fuzz/proof-mutants';
import { xorshift32 } from '../hash/prng';
import { vmBytes, vmText } from './vm-vectors';

const CASES = Number(process.env.LEANVM_VM_FUZZ ?? 300);

describe('fuzzed VM proofs', () => {
  it(`${CASES} mutated proof files: only invalid verdicts and ProofFormatErrors`, () => {
    const names = ['arith', 'hash'] as const;
    const programs = names.map((n) => parseProgram(vmText(n, 'program.json')));
    const inputs = names.map((n) => parsePublicInputJson(vmText(n, 'public.json')));
    const proofs = names.map((n) => vmBytes(n, 'proof'));
    const parsed = proofs.map((p) => parseProof(p));
    const rng = xorshift32(0x5eed0f);
    const seen = { invalid: 0, malformed: 0 };
    const reasons = new Map<string, number>();
    let slowest = 0;
    for (let c = 0; c < CASES; c++) {
      const which = c % 2;
      const bytes = mutateProof(proofs[which], parsed[which], parsed[1 - which], rng);
      const t0 = performance.now();
      try {
        const v = verifyProgram(programs[which], inputs[which], bytes);
        expect(v.valid, `case ${c} was accepted`).toBe(false);
        if (!v.valid) reasons.set(v.reason.replace(/\d+/g, 'N'), (reasons.get(v.reason.replace(/\d+/g, 'N')) ?? 0) + 1);
        seen.invalid++;
      } catch (e) {
        if (!(e instanceof ProofFormatError)) throw new Error(`case ${c}: ${String(e)}`);
        seen.malformed++;
      }
      slowest = Math.max(slowest, performance.now() - t0);
    }
    console.log(`fuzz: ${seen.invalid} invalid, ${seen.malformed} malformed; slowest ${slowest.toFixed(0)} ms; ${rss()} MiB resident`);
    for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n} × ${r}`);
    expect(seen.invalid + seen.malformed).toBe(CASES);
    expect(seen.invalid).toBeGreaterThan(0);
    expect(seen.malformed).toBeGreaterThan(0);
  }, Math.max(600_000, 250 * CASES));
});

const rss = (): number => Math.round(process.memoryUsage().rss / 2 ** 20);

describe('fuzzed program JSON and public input', () => {
  it('mutated program text: a ProgramFormatError or a program, and then the proof is checked', () => {
    const text = vmText('arith', 'program.json');
    const proof = vmBytes('arith', 'proof');
    const pi = parsePublicInputJson(vmText('arith', 'public.json'));
    const rng = xorshift32(0xc0de);
    const alphabet = '{}[]",:0123456789abcdef-.eE tnulrsfx\\';
    let errors = 0, parsed = 0;
    for (let c = 0; c < 200; c++) {
      const chars = text.split('');
      for (let k = 1 + below(rng, 4); k > 0; k--) {
        const at = below(rng, chars.length);
        const op = below(rng, 3);
        if (op === 0) chars[at] = alphabet[below(rng, alphabet.length)];
        else if (op === 1) chars.splice(at, 1 + below(rng, 20));
        else chars.splice(at, 0, alphabet[below(rng, alphabet.length)]);
      }
      try {
        const program = parseProgram(chars.join(''));
        parsed++;
        // A program that still parses is some other statement, or (an edit of a hint or a
        // name, which the verifier ignores) the same one.
        verifyProgram(program, pi, proof);
      } catch (e) {
        if (!(e instanceof ProgramFormatError)) throw new Error(`case ${c}: ${String(e)}`);
        errors++;
      }
    }
    expect(errors + parsed).toBe(200);
    expect(errors).toBeGreaterThan(150);
  });

  it('mutated public-input spellings and files: a PublicInputError or two words', () => {
    const rng = xorshift32(0xbeef);
    const seeds = ['GEN ** 3, 0x1f', '340282366920938463463374607431768211455, 7', vmText('hash', 'public.json')];
    const alphabet = 'GEN *x0123456789abcdefABCDEF, []{}":_-\n';
    for (let c = 0; c < 300; c++) {
      const base = seeds[c % 3].split('');
      for (let k = 1 + below(rng, 3); k > 0; k--) base.splice(below(rng, base.length + 1), below(rng, 3), alphabet[below(rng, alphabet.length)]);
      const text = base.join('');
      try {
        const words = c % 3 === 2 ? parsePublicInputJson(text) : parsePublicInputList(text);
        expect(words.length).toBe(2);
        for (const w of words) expect(w.length).toBe(6);
      } catch (e) {
        if (!(e instanceof PublicInputError)) throw new Error(`case ${c} (${JSON.stringify(text.slice(0, 60))}): ${String(e)}`);
      }
    }
  });
});
