// Mutated inputs give typed errors, never a crash, a hang or a huge allocation: proof files
// mutated byte-wise (flips, truncations, insertions, random length prefixes, random files) and
// structurally (streams and Merkle phases shortened, lengthened, reordered, spliced from another
// proof, then re-encoded), program JSON text and public-input spellings mutated at random.
// Every proof case must be `valid: false` or a ProofFormatError; every program a ProgramFormatError
// (the digests seal the bytecode), and every resealed program mutant a typed error or a verdict
// on the vector's proof that is `valid` exactly when its statement is the vector's;
// every public input a PublicInputError or two words.
//
// LEANVM_VM_FUZZ=N runs N proof cases instead of the CI's few hundred (a local run).
import { describe, expect, it } from 'vitest';
import { ProofFormatError } from '../../src/transcript/errors';
import { parseProof } from '../../src/transcript/proof';
import { ProgramFormatError, PublicInputError } from '../../src/vm/errors';
import type { Instruction } from '../../src/vm/isa';
import { type Program, parseProgram, programToJson } from '../../src/vm/program';
import { parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import { transcriptStatement } from '../../src/vm/bytecode';
import type { PublicInput } from '../../src/vm/public-input';
import { verifyProgram, type VmVerdict } from '../../src/vm/verify/verify';
import { InputError } from '../../src/util/errors';
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

/** The words a proof of `program` on `pi` is bound to (its transcript's statement). */
const statementBytes = (program: Program, pi: PublicInput): Uint8Array => {
  const words = transcriptStatement(program, pi);
  const out = new Uint32Array(6 * words.length);
  words.forEach((w, i) => out.set(w, 6 * i));
  return new Uint8Array(out.buffer);
};

const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const PI_ARITH = (): PublicInput => parsePublicInputJson(vmText('arith', 'public.json'));

/** The program with one field changed: an instruction's operand, opcode or constant, or a
 * field the statement leaves out (the frame, a hint list, a fill block, a name). */
function mutateProgram(p: Program, rng: () => number): Program {
  const bytecode = [...p.bytecode];
  const small = () => (below(rng, 4) === 0 ? below(rng, 2 ** 16) : below(rng, 64));
  switch (below(rng, 7)) {
    case 0:
    case 1: {
      const pc = below(rng, bytecode.length);
      const ins = { ...bytecode[pc] } as Record<string, unknown>;
      const keys = Object.keys(ins).filter((k) => typeof ins[k] === 'number');
      if (keys.length === 0) {
        const k = Uint32Array.from(ins.k as Uint32Array);
        k[below(rng, 6)] ^= 1 << below(rng, 32);
        ins.k = k;
      } else ins[keys[below(rng, keys.length)]] = small();
      bytecode[pc] = ins as unknown as Instruction;
      return { ...p, bytecode };
    }
    case 2: {
      const [i, j] = [below(rng, bytecode.length), below(rng, bytecode.length)];
      [bytecode[i], bytecode[j]] = [bytecode[j], bytecode[i]];
      return { ...p, bytecode };
    }
    case 3:
      return { ...p, mainFrame: small() };
    case 4: {
      const hints = new Map(p.hints);
      hints.delete([...hints.keys()][below(rng, hints.size)]);
      return { ...p, hints };
    }
    case 5: {
      const at = below(rng, p.filler.length);
      return { ...p, filler: p.filler.map((b, i) => (i === at ? { ...b, size: small() } : b)) };
    }
    default:
      return { ...p, fnRanges: p.fnRanges.map((r) => ({ ...r, name: `${r.name}_${below(rng, 10)}` })) };
  }
}

const rss = (): number => Math.round(process.memoryUsage().rss / 2 ** 20);

describe('fuzzed program JSON and public input', () => {
  it('mutated program text: a ProgramFormatError, whose digests seal the bytecode against edits', () => {
    const text = vmText('arith', 'program.json');
    const rng = xorshift32(0xc0de);
    const alphabet = '{}[]",:0123456789abcdef-.eE tnulrsfx\\';
    let errors = 0;
    for (let c = 0; c < 200; c++) {
      const chars = text.split('');
      for (let k = 1 + below(rng, 4); k > 0; k--) {
        const at = below(rng, chars.length);
        const op = below(rng, 3);
        if (op === 0) chars[at] = alphabet[below(rng, alphabet.length)];
        else if (op === 1) chars.splice(at, 1 + below(rng, 20));
        else chars.splice(at, 0, alphabet[below(rng, alphabet.length)]);
      }
      const mutant = chars.join('');
      try {
        parseProgram(mutant);
        // Only an edit the digests do not cover parses: a hint, a name, a count's spelling.
        expect(equalBytes(statementBytes(parseProgram(mutant), PI_ARITH()), statementBytes(parseProgram(text), PI_ARITH())), `case ${c} parsed another bytecode`).toBe(true);
      } catch (e) {
        if (!(e instanceof ProgramFormatError)) throw new Error(`case ${c}: ${String(e)}`);
        errors++;
      }
    }
    expect(errors).toBeGreaterThan(150);
  });

  it("mutated programs, resealed: refused with a typed error, or the verdict on the vector's proof is right", () => {
    const program = parseProgram(vmText('arith', 'program.json'));
    const proof = vmBytes('arith', 'proof');
    const pi = PI_ARITH();
    // The proof binds the statement (the bytecode and the public input), nothing else of the
    // program: it is a valid proof of a mutant exactly when the mutant's statement is the
    // vector's (a hint, the frame, the fill blocks or a name changed), and refused otherwise.
    const statement = statementBytes(program, pi);
    const rng = xorshift32(0x5ea1ed);
    const seen = { formatErrors: 0, inputErrors: 0, accepted: 0, refused: 0 };
    for (let c = 0; c < 120; c++) {
      // Each mutant is resealed (programToJson writes its digests) and read back, so the
      // reader's checks and then the verifier's see it.
      let mutant: Program;
      try {
        mutant = parseProgram(programToJson(mutateProgram(program, rng)));
      } catch (e) {
        if (!(e instanceof ProgramFormatError)) throw new Error(`case ${c}: ${String(e)}`);
        seen.formatErrors++;
        continue;
      }
      const same = equalBytes(statementBytes(mutant, pi), statement);
      let v: VmVerdict;
      try {
        v = verifyProgram(mutant, pi, proof);
      } catch (e) {
        // The proof's shape does not fit the mutant's (another statement): the caller's input.
        if (!(e instanceof InputError) || same) throw new Error(`case ${c}: ${String(e)}`);
        seen.inputErrors++;
        continue;
      }
      expect(v.valid, `case ${c}: ${v.valid ? 'accepted another statement' : `refused its own statement: ${v.reason}`}`).toBe(same);
      if (v.valid) seen.accepted++;
      else seen.refused++;
    }
    console.log(`program fuzz: ${JSON.stringify(seen)}`);
    expect(seen.formatErrors + seen.inputErrors + seen.accepted + seen.refused).toBe(120);
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
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
