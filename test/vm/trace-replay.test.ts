// Replays the reference verifier's transcript traces of two VM proofs (arith, hash) against OUR
// verifier: it runs verifyExecution on a VerifierState that records every Fiat–Shamir step it
// takes (each absorbed scalar, squeeze and grinding nonce with the chaining value after it, each
// query list, round polynomial and Merkle phase), and every trace line must be matched by the
// same steps: the same values, challenges, query indices and nonces, the same chaining value
// after every operation, the same incoming claim and derived coefficient in every sumcheck
// round, the Merkle phases in order, and the stream and phases consumed.
import { describe, expect, it } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import { type E } from '../../src/field/e';
import { parseProof, type Proof } from '../../src/transcript/proof';
import { rootToScalars } from '../../src/transcript/root';
import { VerifierState } from '../../src/transcript/verifier-state';
import { transcriptStatement, VM_TRANSCRIPT_LABEL } from '../../src/vm/bytecode';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { verifyExecution } from '../../src/vm/verify/verify';
import { vectorPath } from '../vectors';
import { bytesFromHex, eHex, eListParse, eParse, wordsHex } from '../transcript/helpers';
import { type TraceOp, field, readTrace } from '../transcript/trace';
import { checkInit, checkMerkleFields, checkPowFields, checkRawSqueezes, idxList, listHex } from '../transcript/trace-checks';
import { vmBytes, vmText } from './vm-vectors';

/** A step that moves the chaining value: its value, the cv before and after, the stream offset. */
interface Moves { v: E; cv: Uint32Array; cvBefore: Uint32Array; off: number }

type Step =
  | ({ kind: 'absorb' } & Moves)
  | ({ kind: 'squeeze' } & Moves)
  | ({ kind: 'nonce' } & Moves)
  | { kind: 'queries'; d: number; idx: number[] }
  | { kind: 'round'; claim: E; rEq: E | null; coeffs: Uint32Array }
  | { kind: 'merkle' }
  | { kind: 'finish' };

/** A verifier state that logs every transcript step the verifier takes, in order. */
class RecordingState extends VerifierState {
  readonly steps: Step[] = [];

  constructor(label: string, statement: readonly E[], proof: Proof) {
    super(label, statement, proof);
    const fs = this.fs;
    const log = (kind: 'absorb' | 'squeeze' | 'nonce', run: () => void, v: () => E): void => {
      const cvBefore = fs.cv.slice();
      run();
      this.steps.push({ kind, v: v(), cv: fs.cv.slice(), cvBefore, off: this.streamOffset });
    };
    const { observe, sampleInto, bindNonce, sampleQueries } = fs;
    fs.observe = (e, o = 0) => log('absorb', () => observe.call(fs, e, o), () => e.slice(o, o + 6));
    fs.sampleInto = (out, o = 0) => log('squeeze', () => sampleInto.call(fs, out, o), () => out.slice(o, o + 6));
    fs.bindNonce = (n, o = 0) => log('nonce', () => bindNonce.call(fs, n, o), () => n.slice(o, o + 6));
    fs.sampleQueries = (d, count) => {
      const idx = sampleQueries.call(fs, d, count);
      this.steps.push({ kind: 'queries', d, idx });
      return idx;
    };
  }

  override nextRoundPoly(nCoeffs: number, claim: E, rEq: E | null): Uint32Array {
    const coeffs = super.nextRoundPoly(nCoeffs, claim, rEq);
    // A copy: WHIR glues later claims into the polynomial it returns.
    this.steps.push({ kind: 'round', claim: claim.slice(), rEq: rEq?.slice() ?? null, coeffs: coeffs.slice() });
    return coeffs;
  }

  override nextMerklePhase() {
    this.steps.push({ kind: 'merkle' });
    return super.nextMerklePhase();
  }

  override finish(): void {
    super.finish();
    this.steps.push({ kind: 'finish' });
  }
}

function replay(name: string, expectedOps: number, kinds: Record<string, number>): void {
  const trace = readTrace(`${name}.trace.txt`, vectorPath('vm'));
  expect(trace.ops.length).toBe(trace.declaredOps);
  expect(trace.ops.length).toBe(expectedOps);
  expect(trace.sections).toBe(trace.declaredSections);
  trace.ops.forEach((op, i) => expect(op.index).toBe(i));

  const program = parseProgram(vmText(name, 'program.json'));
  const pi = parsePublicInputJson(vmText(name, 'public.json'));
  const proof = parseProof(vmBytes(name, 'proof'));
  const statement = transcriptStatement(program, pi);
  const vs = new RecordingState(VM_TRANSCRIPT_LABEL, statement, proof);
  const cvInit = vs.state();
  verifyExecution(vs, program, pi, proof);

  const steps = vs.steps;
  let at = 0;
  let reads = 0; // stream scalars the trace has read so far
  let phase = 0;
  const next = <K extends Step['kind']>(kind: K, ctx: string): Extract<Step, { kind: K }> => {
    const s = steps[at++];
    expect(s?.kind, `${ctx}: the verifier's step ${at - 1}`).toBe(kind);
    return s as Extract<Step, { kind: K }>;
  };
  // One absorb of `v`, read from the stream (at trace offset `off`) or observed (off null).
  const absorb = (v: E, ctx: string, off: number | null): Extract<Step, { kind: 'absorb' }> => {
    const s = next('absorb', ctx);
    expect(eHex(s.v), ctx).toBe(eHex(v));
    if (off === null) expect(s.off, `${ctx}: observed without reading`).toBe(reads);
    else {
      expect(off, `${ctx}: the trace reads the stream in order`).toBe(reads);
      expect(eHex(proof.stream, 6 * off), `${ctx}: the trace's value is the proof's`).toBe(eHex(v));
      expect(s.off, `${ctx}: read from the stream`).toBeGreaterThan(off);
      reads++;
    }
    return s;
  };
  const squeezes = (values: Uint32Array, ctx: string): void => {
    for (let i = 0; i < values.length; i += 6) expect(eHex(next('squeeze', ctx).v), ctx).toBe(eHex(values, i));
  };
  const cvAfter = (): Uint32Array => {
    for (let i = at - 1; i >= 0; i--) {
      const s = steps[i];
      if (s.kind === 'absorb' || s.kind === 'squeeze' || s.kind === 'nonce') return s.cv;
    }
    return cvInit;
  };
  const seen = new Map<string, number>();

  for (const op of trace.ops) {
    const ctx = `${name} op ${op.index} ${op.kind}`;
    const off = op.fields.has('off') ? Number(field(op, 'off')) : null;
    switch (op.kind) {
      case 'init':
        checkInit(op, VM_TRANSCRIPT_LABEL, statement);
        break;
      case 'read_scalar':
        absorb(eParse(field(op, 'v')), ctx, off);
        break;
      case 'read_root':
      case 'observe_root': {
        // Read from the stream (checked against the line's s0, s1) or observed.
        const s = rootToScalars(bytesFromHex(field(op, 'root')));
        if (off !== null) expect([eHex(s, 0), eHex(s, 6)]).toEqual([field(op, 's0'), field(op, 's1')]);
        absorb(s.subarray(0, 6), ctx, off);
        absorb(s.subarray(6), ctx, off === null ? null : off + 1);
        break;
      }
      case 'read_round_poly': {
        const read = eListParse(field(op, 'read'));
        for (let i = 0; i < read.length; i += 6) absorb(read.subarray(i, i + 6), ctx, (off as number) + i / 6);
        const round = next('round', ctx);
        const eq = field(op, 'mode') === 'eq';
        expect(round.rEq === null, ctx).toBe(!eq);
        if (eq) expect(eHex(round.rEq as E), `${ctx}: r_eq`).toBe(field(op, 'r_eq'));
        expect(eHex(round.claim), `${ctx}: the incoming claim`).toBe(field(op, 'claim'));
        expect(eHex(round.coeffs, 6 * Number(field(op, 'fixed'))), `${ctx}: derived`).toBe(field(op, 'derived'));
        expect(listHex(round.coeffs), ctx).toBe(field(op, 'coeffs'));
        break;
      }
      case 'observe_scalar':
        absorb(eParse(field(op, 'v')), ctx, null);
        break;
      case 'sample':
        squeezes(eParse(field(op, 'v')), ctx);
        break;
      case 'sample_vec':
        expect(eListParse(field(op, 'v')).length / 6).toBe(Number(field(op, 'n')));
        squeezes(eListParse(field(op, 'v')), ctx);
        break;
      case 'sample_queries': {
        const raw = eListParse(field(op, 'raw'));
        checkRawSqueezes(op, wordsToBytes(cvAfter()));
        squeezes(raw, ctx);
        const q = next('queries', ctx);
        expect(q.d, ctx).toBe(Number(field(op, 'd')));
        expect(q.idx, ctx).toEqual(idxList(field(op, 'idx')));
        break;
      }
      case 'grind_check': {
        const nonce = eParse(field(op, 'nonce'));
        expect(off).toBe(reads);
        expect(eHex(proof.stream, 6 * reads)).toBe(eHex(nonce));
        reads++;
        const s = next('nonce', ctx);
        expect(eHex(s.v), ctx).toBe(eHex(nonce));
        checkPowFields(op, wordsToBytes(s.cvBefore), nonce);
        expect(field(op, 'ok')).toBe('true');
        break;
      }
      case 'read_merkle':
        expect(Number(field(op, 'phase')), ctx).toBe(phase);
        expect(Number(field(op, 'row_words')) <= Number(field(op, 'leaf_words'))).toBe(true);
        next('merkle', ctx);
        checkMerkleFields(op, proof.merkle[phase++]);
        expect(field(op, 'ok')).toBe('true');
        break;
      case 'finish':
        next('finish', ctx);
        expect(off).toBe(reads);
        expect(Number(field(op, 'stream_len'))).toBe(proof.stream.length / 6);
        expect(Number(field(op, 'merkle_phases'))).toBe(proof.merkle.length);
        expect(Number(field(op, 'phase'))).toBe(proof.merkle.length);
        break;
      default:
        throw new Error(`${ctx}: unrecognised operation kind`);
    }
    expect(wordsHex(cvAfter()), `${ctx}: cv after the operation`).toBe(field(op, 'cv'));
    seen.set(op.kind, (seen.get(op.kind) ?? 0) + 1);
  }
  expect(at, 'every step the verifier took is in the trace').toBe(steps.length);
  expect(reads).toBe(proof.stream.length / 6);
  expect(phase).toBe(proof.merkle.length);
  expect(Object.fromEntries(seen)).toEqual(kinds);
}

const common = { init: 1, read_root: 4, sample_vec: 4, observe_scalar: 111, observe_root: 1, grind_check: 4, sample_queries: 4, read_merkle: 4, finish: 1, read_scalar: 682 };

describe('VM verifier trace replay', () => {
  it('arith.trace.txt: our verifier takes every traced step, with the same values and chaining values', () => {
    replay('arith', 1031, { ...common, sample: 164, read_round_poly: 51 });
  });

  it('hash.trace.txt: the same for the program with BLAKE2S rows', () => {
    replay('hash', 1035, { ...common, sample: 166, read_round_poly: 53 });
  });
});
