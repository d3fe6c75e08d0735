// Replays the reference transcript traces of the n = 2^7 Flock proof through our
// channels and checks the chaining value after EVERY operation, every challenge, every
// query index and every grinding nonce. The verifier side reads its scalars from the
// parsed .proof; the prover side writes them and must serialize to the same bytes.
import { describe, expect, it } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import { ProverState, VerifierState, parseProof, serializeProof } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { bytesFromHex, eHex, eListParse, eParse, hex, wordsHex } from './helpers';
import { type Trace, field, readTrace, readVector } from './trace';
import { checkInit, checkMerkleFields, checkPowFields, checkRawSqueezes, idxList, listHex } from './trace-checks';

const LABEL = 'flock-blake2s-batch';
const proofBytes = readVector('blake2s_batch_n7.proof');

function checkCounts(trace: Trace): void {
  expect(trace.ops.length).toBe(trace.declaredOps);
  expect(trace.ops.length).toBe(252);
  expect(trace.sections).toBe(trace.declaredSections);
  trace.ops.forEach((op, i) => expect(op.index).toBe(i));
}

describe('verifier trace replay (blake2s_batch_n7.trace.txt)', () => {
  it('every operation gives the trace cv, challenges, indices and nonces; the proof is consumed', () => {
    const trace = readTrace('blake2s_batch_n7.trace.txt');
    checkCounts(trace);
    const proof: Proof = parseProof(proofBytes);
    let vs: VerifierState | null = null;
    const kinds = new Map<string, number>();

    for (const op of trace.ops) {
      const ctx = `op ${op.index} ${op.kind}`;
      if (op.kind === 'init') {
        checkInit(op, LABEL);
        vs = new VerifierState(LABEL, [], proof);
        expect(wordsHex(vs.state()), ctx).toBe(field(op, 'cv'));
        kinds.set(op.kind, 1);
        continue;
      }
      if (vs === null) throw new Error(`${ctx} before init`);
      const cvBefore = wordsToBytes(vs.state());
      if (op.fields.has('off')) expect(vs.streamOffset, ctx).toBe(Number(field(op, 'off')));

      switch (op.kind) {
        case 'read_scalar':
          expect(eHex(vs.nextScalar()), ctx).toBe(field(op, 'v'));
          break;
        case 'read_root': {
          const off = vs.streamOffset;
          expect(hex(vs.nextRoot()), ctx).toBe(field(op, 'root'));
          expect(eHex(proof.stream, 6 * off)).toBe(field(op, 's0'));
          expect(eHex(proof.stream, 6 * off + 6)).toBe(field(op, 's1'));
          break;
        }
        case 'read_round_poly': {
          const n = Number(field(op, 'n'));
          const eq = field(op, 'mode') === 'eq';
          expect(Number(field(op, 'fixed')), ctx).toBe(eq ? 0 : 1);
          const coeffs = vs.nextRoundPoly(n, eParse(field(op, 'claim')), eq ? eParse(field(op, 'r_eq')) : null);
          expect(listHex(coeffs), ctx).toBe(field(op, 'coeffs'));
          const fixed = eq ? 0 : 1;
          expect(eHex(coeffs, 6 * fixed), ctx).toBe(field(op, 'derived'));
          const read = new Uint32Array(6 * (n - 1));
          read.set(coeffs.subarray(0, 6 * fixed));
          read.set(coeffs.subarray(6 * (fixed + 1)), 6 * fixed);
          expect(listHex(read), ctx).toBe(field(op, 'read'));
          break;
        }
        case 'observe_scalar':
          vs.observeScalar(eParse(field(op, 'v')));
          break;
        case 'observe_root':
          vs.observeRoot(bytesFromHex(field(op, 'root')));
          break;
        case 'sample':
          expect(eHex(vs.sample()), ctx).toBe(field(op, 'v'));
          break;
        case 'sample_vec':
          expect(listHex(vs.sampleVec(Number(field(op, 'n')))), ctx).toBe(field(op, 'v'));
          break;
        case 'sample_queries':
          checkRawSqueezes(op, cvBefore);
          expect(vs.sampleQueries(Number(field(op, 'd')), Number(field(op, 'count'))), ctx)
            .toEqual(idxList(field(op, 'idx')));
          break;
        case 'grind_check': {
          const nonce = proof.stream.slice(6 * vs.streamOffset, 6 * vs.streamOffset + 6);
          checkPowFields(op, cvBefore, nonce);
          expect(field(op, 'ok')).toBe('true');
          vs.verifyGrind(Number(field(op, 'bits')));
          break;
        }
        case 'read_merkle': {
          const phaseIndex = Number(field(op, 'phase'));
          expect(kinds.get('read_merkle') ?? 0, ctx).toBe(phaseIndex);
          expect(Number(field(op, 'row_words'))).toBe(Number(field(op, 'leaf_words')));
          checkMerkleFields(op, vs.nextMerklePhase());
          expect(field(op, 'ok')).toBe('true');
          break;
        }
        case 'finish':
          expect(Number(field(op, 'stream_len'))).toBe(proof.stream.length / 6);
          expect(Number(field(op, 'merkle_phases'))).toBe(proof.merkle.length);
          expect(Number(field(op, 'phase'))).toBe(proof.merkle.length);
          vs.finish();
          break;
        default:
          throw new Error(`${ctx}: unrecognised operation kind`);
      }
      expect(wordsHex(vs.state()), `${ctx}: cv after the operation`).toBe(field(op, 'cv'));
      kinds.set(op.kind, (kinds.get(op.kind) ?? 0) + 1);
    }
    expect(Object.fromEntries(kinds)).toEqual({
      init: 1, read_root: 3, sample_vec: 3, read_scalar: 140, sample: 50, read_round_poly: 43,
      observe_scalar: 1, observe_root: 1, grind_check: 3, sample_queries: 3, read_merkle: 3, finish: 1,
    });
    expect(vs?.streamOffset).toBe(235);
  });
});

describe('prover trace replay (blake2s_batch_n7.prover-trace.txt)', () => {
  it('sending the traced values, grinding our own nonces, reproduces every cv and the proof bytes', () => {
    const trace = readTrace('blake2s_batch_n7.prover-trace.txt');
    checkCounts(trace);
    const phases = parseProof(proofBytes).merkle;
    let ps: ProverState | null = null;
    let proof: Proof | null = null;

    for (const op of trace.ops) {
      const ctx = `op ${op.index} ${op.kind}`;
      if (op.kind === 'init') {
        checkInit(op, LABEL);
        ps = new ProverState(LABEL);
        expect(wordsHex(ps.state()), ctx).toBe(field(op, 'cv'));
        continue;
      }
      if (ps === null) throw new Error(`${ctx} before init`);
      const cvBefore = wordsToBytes(ps.state());
      if (op.fields.has('off')) expect(ps.streamLength, ctx).toBe(Number(field(op, 'off')));

      switch (op.kind) {
        case 'send_scalar':
          ps.addScalar(eParse(field(op, 'v')));
          break;
        case 'send_root':
          ps.addRoot(bytesFromHex(field(op, 'root')));
          break;
        case 'send_round_poly': {
          const eq = field(op, 'mode') === 'eq';
          expect(Number(field(op, 'fixed')), ctx).toBe(eq ? 0 : 1);
          const coeffs = eListParse(field(op, 'coeffs'));
          expect(coeffs.length / 6).toBe(Number(field(op, 'n')));
          ps.addRoundPoly(coeffs, eq);
          break;
        }
        case 'observe_scalar':
          ps.observeScalar(eParse(field(op, 'v')));
          break;
        case 'observe_root':
          ps.observeRoot(bytesFromHex(field(op, 'root')));
          break;
        case 'sample':
          expect(eHex(ps.sample()), ctx).toBe(field(op, 'v'));
          break;
        case 'sample_vec':
          expect(listHex(ps.sampleVec(Number(field(op, 'n')))), ctx).toBe(field(op, 'v'));
          break;
        case 'sample_queries':
          checkRawSqueezes(op, cvBefore);
          expect(ps.sampleQueries(Number(field(op, 'd')), Number(field(op, 'count'))), ctx)
            .toEqual(idxList(field(op, 'idx')));
          break;
        case 'grind': {
          const nonce = ps.grind(Number(field(op, 'bits')));
          checkPowFields(op, cvBefore, nonce);
          break;
        }
        case 'hint_merkle': {
          const phase = phases[Number(field(op, 'phase'))];
          checkMerkleFields(op, phase);
          ps.addMerklePhase(phase);
          break;
        }
        case 'into_proof':
          proof = ps.finish();
          expect(proof.stream.length / 6).toBe(Number(field(op, 'stream_len')));
          expect(proof.merkle.length).toBe(Number(field(op, 'merkle_phases')));
          break;
        default:
          throw new Error(`${ctx}: unrecognised operation kind`);
      }
      expect(wordsHex(ps.state()), `${ctx}: cv after the operation`).toBe(field(op, 'cv'));
    }
    expect(proof).not.toBeNull();
    expect(hex(serializeProof(proof as Proof)) === hex(proofBytes)).toBe(true);
  });
});
