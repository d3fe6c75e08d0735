// Prover and verifier channels (docs/protocol.md §3.2): a random operation sequence written by
// the prover, serialized, parsed and replayed by the verifier keeps both states and all
// challenges equal; the verifier rejects what a faithful prover could not have sent.
import { describe, expect, it } from 'vitest';
import {
  FiatShamir, ProverState, VerificationError, VerifierState, parseProof, powOk, rootToScalars, serializeProof,
} from '../../src/transcript';
import type { MerklePhase, Proof } from '../../src/transcript';
import { randomBytes, randomWords, xorshift32 } from '../hash/prng';
import { hex, wordsHex } from './helpers';

type Op =
  | { kind: 'scalar'; e: Uint32Array }
  | { kind: 'scalars'; es: Uint32Array }
  | { kind: 'root'; digest: Uint8Array }
  | { kind: 'observe'; e: Uint32Array }
  | { kind: 'observeRoot'; digest: Uint8Array }
  | { kind: 'sample' }
  | { kind: 'sampleVec'; n: number }
  | { kind: 'queries'; d: number; count: number }
  | { kind: 'grind'; bits: number }
  | { kind: 'roundPoly'; coeffs: Uint32Array; eq: boolean }
  | { kind: 'merkle'; phase: MerklePhase };

function randomOps(seed: number, n: number): Op[] {
  const next = xorshift32(seed);
  const ops: Op[] = [];
  for (let i = 0; i < n; i++) {
    switch (next() % 11) {
      case 0: ops.push({ kind: 'scalar', e: randomWords(next, 6) }); break;
      case 1: ops.push({ kind: 'scalars', es: randomWords(next, 6 * (next() % 4)) }); break;
      case 2: ops.push({ kind: 'root', digest: randomBytes(next, 32) }); break;
      case 3: ops.push({ kind: 'observe', e: randomWords(next, 6) }); break;
      case 4: ops.push({ kind: 'observeRoot', digest: randomBytes(next, 32) }); break;
      case 5: ops.push({ kind: 'sample' }); break;
      case 6: ops.push({ kind: 'sampleVec', n: next() % 4 }); break;
      case 7: ops.push({ kind: 'queries', d: 1 + (next() % 20), count: next() % 40 }); break;
      case 8: ops.push({ kind: 'grind', bits: next() % 9 }); break;
      case 9: ops.push({ kind: 'roundPoly', coeffs: randomWords(next, 6 * (2 + (next() % 3))), eq: (next() & 1) === 1 }); break;
      default: {
        const rows = Array.from({ length: 1 + (next() % 3) }, () => randomWords(next, 2 * (1 + (next() % 5))));
        const sibs = Array.from({ length: next() % 4 }, () => randomBytes(next, 32));
        ops.push({ kind: 'merkle', phase: { leafData: rows, siblingHashes: sibs } });
      }
    }
  }
  return ops;
}

interface Run { proof: Proof; states: string[]; outs: string[]; offsets: number[] }

/** Run ops on the prover; return the proof and, per op, the stream offset before it, the
 * state after it and its output. */
function prove(label: string, statement: Uint32Array[], ops: Op[]): Run {
  const ps = new ProverState(label, statement);
  const states: string[] = [], outs: string[] = [], offsets: number[] = [];
  for (const op of ops) {
    offsets.push(ps.streamLength);
    let out = '';
    switch (op.kind) {
      case 'scalar': ps.addScalar(op.e); break;
      case 'scalars': ps.addScalars(op.es); break;
      case 'root': ps.addRoot(op.digest); break;
      case 'observe': ps.observeScalar(op.e); break;
      case 'observeRoot': ps.observeRoot(op.digest); break;
      case 'sample': out = hex(new Uint8Array(ps.sample().buffer)); break;
      case 'sampleVec': out = hex(new Uint8Array(ps.sampleVec(op.n).buffer)); break;
      case 'queries': out = ps.sampleQueries(op.d, op.count).join(); break;
      case 'grind': out = Array.from(ps.grind(op.bits)).join(); break;
      case 'roundPoly': ps.addRoundPoly(op.coeffs, op.eq); break;
      case 'merkle': ps.addMerklePhase(op.phase); break;
    }
    states.push(wordsHex(ps.state()));
    outs.push(out);
  }
  return { proof: ps.finish(), states, outs, offsets };
}

const CLAIM_OF = (op: Extract<Op, { kind: 'roundPoly' }>): { claim: Uint32Array; rEq: Uint32Array | null } => {
  // Pick the claim the coefficients satisfy, so the verifier's derived one is the omitted one:
  // plain: claim = c1 + c2 + …; eq with r = 1: claim = c0 + c1 + c2 + … .
  const n = op.coeffs.length / 6;
  const claim = new Uint32Array(6);
  for (let i = op.eq ? 0 : 1; i < n; i++) for (let w = 0; w < 6; w++) claim[w] ^= op.coeffs[6 * i + w];
  return { claim, rEq: op.eq ? Uint32Array.of(1, 0, 0, 0, 0, 0) : null };
};

/** One verifier step mirroring the prover's op: checks what it reads, returns its output. */
function verifyStep(vs: VerifierState, proof: Proof, op: Op): string {
  const bytes = (w: Uint32Array): string => hex(new Uint8Array(w.buffer, w.byteOffset, w.byteLength));
  switch (op.kind) {
    case 'scalar': expect(bytes(vs.nextScalar())).toBe(bytes(op.e)); return '';
    case 'scalars': expect(bytes(vs.nextScalars(op.es.length / 6))).toBe(bytes(op.es)); return '';
    case 'root': expect(hex(vs.nextRoot())).toBe(hex(op.digest)); return '';
    case 'observe': vs.observeScalar(op.e); return '';
    case 'observeRoot': vs.observeRoot(op.digest); return '';
    case 'sample': return bytes(vs.sample());
    case 'sampleVec': return bytes(vs.sampleVec(op.n));
    case 'queries': return vs.sampleQueries(op.d, op.count).join();
    case 'grind': {
      const nonce = Array.from(proof.stream.subarray(6 * vs.streamOffset, 6 * vs.streamOffset + 6)).join();
      vs.verifyGrind(op.bits);
      return nonce;
    }
    case 'roundPoly': {
      const { claim, rEq } = CLAIM_OF(op);
      expect(bytes(vs.nextRoundPoly(op.coeffs.length / 6, claim, rEq))).toBe(bytes(op.coeffs));
      return '';
    }
    case 'merkle': expect(vs.nextMerklePhase()).toEqual(op.phase); return '';
  }
}

/** Replay ops on the verifier; returns the states and outputs, in the prover's format. */
function verify(label: string, statement: Uint32Array[], proof: Proof, ops: Op[]): { states: string[]; outs: string[] } {
  const vs = new VerifierState(label, statement, proof);
  const states: string[] = [], outs: string[] = [];
  for (const op of ops) {
    outs.push(verifyStep(vs, proof, op));
    states.push(wordsHex(vs.state()));
  }
  vs.finish();
  return { states, outs };
}

describe('prover → bytes → verifier round trip', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('random operation sequence %i', (seed) => {
    const next = xorshift32(1000 + seed);
    const statement = Array.from({ length: seed % 3 }, () => randomWords(next, 6));
    const ops = randomOps(seed, 60);
    const p = prove(`label-${seed}`, statement, ops);
    const proof = parseProof(serializeProof(p.proof));
    const v = verify(`label-${seed}`, statement, proof, ops);
    expect(v.states).toEqual(p.states);
    expect(v.outs).toEqual(p.outs);
  });

  it('a different label or statement gives different challenges', () => {
    const ops = randomOps(42, 30);
    const p = prove('a', [], ops);
    const other = prove('b', [], ops);
    const withStatement = prove('a', [new Uint32Array(6)], ops);
    expect(other.states[0]).not.toBe(p.states[0]);
    expect(withStatement.states[0]).not.toBe(p.states[0]);
  });

  it('the grinding nonce is transmitted but not observed as a scalar', () => {
    const ps = new ProverState('g');
    const fs = FiatShamir.init('g');
    const nonce = ps.grind(8);
    fs.bindNonce(nonce);
    expect(wordsHex(ps.state())).toBe(wordsHex(fs.cv));
    expect(Array.from(ps.finish().stream)).toEqual(Array.from(nonce));
  });

  it('addRoot sends (w0, w1, 0), (w2, w3, 0)', () => {
    const digest = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    const ps = new ProverState('r');
    ps.addRoot(digest);
    const s = ps.finish().stream;
    expect(Array.from(s)).toEqual(Array.from(rootToScalars(digest)));
    expect(s[0]).toBe(0x04030201);
    expect(s[3]).toBe(0x100f0e0d);
    expect([s[4], s[5], s[10], s[11]]).toEqual([0, 0, 0, 0]);
    expect(s[6]).toBe(0x14131211);
  });
});

describe('the verifier rejects', () => {
  function expectReject(fn: () => unknown, message: RegExp): void {
    let thrown: unknown = null;
    try {
      fn();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(VerificationError);
    expect((thrown as Error).name).toBe('VerificationError');
    expect((thrown as Error).message).toMatch(message);
  }

  it('a root half with c2 ≠ 0', () => {
    for (const half of [0, 1]) {
      for (const word of [4, 5]) {
        const ps = new ProverState('t');
        ps.addRoot(new Uint8Array(32).fill(7));
        const proof = ps.finish();
        proof.stream[6 * half + word] = 1;
        expectReject(() => new VerifierState('t', [], proof).nextRoot(), /root at stream scalars 0\.\.1 has a nonzero c2 limb/);
      }
    }
  });

  it('a wrong grinding nonce, and any nonzero nonce at 0 bits', () => {
    const ps = new ProverState('t');
    ps.grind(12);
    const proof = ps.finish();
    const base = FiatShamir.init('t').powBase();
    let bad = proof.stream[0] + 1;
    while (powOk(base, Uint32Array.of(bad, 0, 0, 0, 0, 0), 12)) bad++;
    proof.stream[0] = bad;
    expectReject(() => new VerifierState('t', [], proof).verifyGrind(12), /grinding nonce at stream scalar 0 does not clear 12 bits/);

    const zero = new ProverState('t');
    zero.grind(0);
    const z = zero.finish();
    new VerifierState('t', [], z).verifyGrind(0);
    z.stream[3] = 1;
    expectReject(() => new VerifierState('t', [], z).verifyGrind(0), /does not clear 0 bits/);
  });

  it('reading past the end of the stream', () => {
    const ps = new ProverState('t');
    ps.addScalar(new Uint32Array(6));
    const proof = ps.finish();
    const vs = new VerifierState('t', [], proof);
    vs.nextScalar();
    expectReject(() => vs.nextScalar(), /proof stream exhausted/);
    expectReject(() => new VerifierState('t', [], proof).nextScalars(2), /proof stream exhausted/);
    expectReject(() => new VerifierState('t', [], proof).nextRoot(), /proof stream exhausted/);
    const v2 = new VerifierState('t', [], proof);
    v2.nextScalar();
    expectReject(() => v2.verifyGrind(1), /proof stream exhausted/);
  });

  it('a missing Merkle phase, and a proof not fully consumed', () => {
    const ps = new ProverState('t');
    ps.addScalar(new Uint32Array(6));
    ps.addMerklePhase({ leafData: [], siblingHashes: [] });
    const proof = ps.finish();
    const vs = new VerifierState('t', [], proof);
    expectReject(() => vs.finish(), /read 0 of 1 scalars and 0 of 1 Merkle phases/);
    vs.nextScalar();
    expectReject(() => vs.finish(), /read 1 of 1 scalars and 0 of 1 Merkle phases/);
    vs.nextMerklePhase();
    vs.finish();
    expectReject(() => vs.nextMerklePhase(), /Merkle phase 1 is missing/);
  });

  it('a tampered scalar desynchronizes the state from that scalar on', () => {
    const ops = randomOps(77, 40);
    const p = prove('x', [], ops);
    const at = ops.findIndex((o) => o.kind === 'scalar');
    const tampered: Proof = { stream: p.proof.stream.slice(), merkle: p.proof.merkle };
    tampered.stream[6 * p.offsets[at]] ^= 1;
    const vs = new VerifierState('x', [], tampered);
    for (let i = 0; i < at; i++) {
      verifyStep(vs, tampered, ops[i]);
      expect(wordsHex(vs.state())).toBe(p.states[i]);
    }
    vs.nextScalar();
    expect(wordsHex(vs.state())).not.toBe(p.states[at]);
  });
});
