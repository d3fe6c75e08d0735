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
import { type Proof, parseProof, serializeProof } from '../../src/transcript/proof';
import { ProgramFormatError, PublicInputError } from '../../src/vm/errors';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { xorshift32 } from '../hash/prng';
import { vmBytes, vmText } from './vm-vectors';

const CASES = Number(process.env.LEANVM_VM_FUZZ ?? 300);

type Rng = () => number;
const below = (rng: Rng, n: number): number => rng() % Math.max(1, n);

function setU64(b: Uint8Array, at: number, lo: number, hi: number): void {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  v.setUint32(at, lo >>> 0, true);
  v.setUint32(at + 4, hi >>> 0, true);
}

/** Offsets of the proof's u64 length prefixes (stream, phases, each phase's rows, row widths, siblings). */
function lengthPrefixes(bytes: Uint8Array): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (o: number) => v.getUint32(o, true) + 2 ** 32 * v.getUint32(o + 4, true);
  const out = [0];
  let o = 8 + 24 * u64(0);
  out.push(o);
  const phases = u64(o);
  o += 8;
  for (let p = 0; p < phases; p++) {
    out.push(o);
    const rows = u64(o);
    o += 8;
    for (let r = 0; r < rows; r++) {
      out.push(o);
      o += 8 + 8 * u64(o);
    }
    out.push(o);
    o += 8 + 32 * u64(o);
  }
  return out;
}

const copyProof = (p: Proof): Proof => ({
  stream: p.stream.slice(),
  merkle: p.merkle.map((m) => ({ leafData: m.leafData.map((r) => r.slice()), siblingHashes: m.siblingHashes.map((h) => h.slice()) })),
});

/** Structural edits on a parsed proof, re-encoded: the bytes parse, the content is wrong. */
const STRUCTURAL: ((p: Proof, rng: Rng, other: Proof) => void)[] = [
  (p, rng) => (p.stream = p.stream.slice(0, 6 * below(rng, p.stream.length / 6))),
  (p, rng) => {
    const extra = new Uint32Array(6 * (1 + below(rng, 40)));
    extra.forEach((_, i) => (extra[i] = rng()));
    const s = new Uint32Array(p.stream.length + extra.length);
    s.set(p.stream);
    s.set(extra, p.stream.length);
    p.stream = s;
  },
  (p, rng) => p.merkle.splice(below(rng, p.merkle.length), 1),
  (p, rng) => p.merkle.push(p.merkle[below(rng, p.merkle.length)]),
  (p) => { p.merkle.reverse(); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.splice(below(rng, m.leafData.length), 1); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.siblingHashes.splice(below(rng, m.siblingHashes.length), 1); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.siblingHashes.push(new Uint8Array(32).map(() => rng())); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.reverse(); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; const i = below(rng, m.leafData.length); m.leafData[i] = m.leafData[i].slice(0, m.leafData[i].length - 2); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.push(m.leafData[below(rng, m.leafData.length)]); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData = []; m.siblingHashes = []; },
  (p, rng, o) => (p.merkle[below(rng, p.merkle.length)] = o.merkle[below(rng, o.merkle.length)]),
  (p, rng, o) => { const at = 6 * below(rng, Math.min(p.stream.length, o.stream.length) / 6); p.stream.set(o.stream.subarray(at, at + 6 * 20).subarray(0, p.stream.length - at), at); },
  (p, _rng, o) => (p.stream = o.stream.slice()),
];

/** Byte-level edits (the result may not even parse). */
const BYTEWISE: ((b: Uint8Array, rng: Rng) => Uint8Array)[] = [
  (b, rng) => { for (let k = 1 + below(rng, 16); k > 0; k--) b[below(rng, b.length)] ^= 1 + below(rng, 255); return b; },
  (b, rng) => b.slice(0, below(rng, b.length)),
  (b, rng) => { const out = new Uint8Array(b.length + 1 + below(rng, 64)); out.set(b); for (let i = b.length; i < out.length; i++) out[i] = rng(); return out; },
  (b, rng) => { const at = below(rng, b.length), n = 1 + below(rng, 200); return Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + n)]); },
  (b, rng) => { const at = below(rng, b.length), n = 1 + below(rng, 200); return Uint8Array.from([...b.subarray(0, at), ...b.subarray(at, at + n), ...b.subarray(at)]); },
  (b, rng) => { const at = below(rng, b.length); b.fill(0, at, at + below(rng, 4096)); return b; },
  (b, rng) => {
    const prefixes = lengthPrefixes(b);
    const at = prefixes[below(rng, prefixes.length)];
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const old = v.getUint32(at, true);
    const choices: [number, number][] = [[0, 0], [1, 0], [old + 1, 0], [old - 1, 0], [0, 1], [0xffffffff, 0x1fffff], [0xffffffff, 0xffffffff], [rng(), rng() & 0xff]];
    const [lo, hi] = choices[below(rng, choices.length)];
    setU64(b, at, lo, hi);
    return b;
  },
  (_b, rng) => new Uint8Array(below(rng, 4096)).map(() => rng()),
];

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
      let bytes: Uint8Array;
      if (below(rng, 2) === 0) {
        const p = copyProof(parsed[which]);
        STRUCTURAL[below(rng, STRUCTURAL.length)](p, rng, parsed[1 - which]);
        bytes = serializeProof(p);
      } else {
        bytes = BYTEWISE[below(rng, BYTEWISE.length)](proofs[which].slice(), rng);
      }
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
