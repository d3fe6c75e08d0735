// Replays the reference transcript traces of the n = 2^7 Flock proof through our
// channels and checks the chaining value after EVERY operation, every challenge, every
// query index and every grinding nonce. The verifier side reads its scalars from the
// parsed .proof; the prover side writes them and must serialize to the same bytes.
import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { wordsToBytes } from '../../src/hash/blake2s';
import {
  FiatShamir, ProverState, TAG_POW_BASE, TAG_POW_NONCE, TAG_SQUEEZE, TRANSCRIPT_DOMAIN, VerifierState,
  parseProof, serializeProof,
} from '../../src/transcript';
import type { MerklePhase, Proof } from '../../src/transcript';
import {
  bytesFromHex, eHex, eLimbs, eListParse, eParse, hex, oracleStep, u64Hex, wordsHex,
} from './helpers';
import { type Trace, type TraceOp, field, readTrace, readVector } from './trace';

const LABEL = 'flock-blake2s-batch';
const proofBytes = readVector('blake2s_batch_n7.proof');

const listHex = (packed: Uint32Array): string =>
  `[${Array.from({ length: packed.length / 6 }, (_, i) => eHex(packed, 6 * i)).join(';')}]`;
const idxList = (s: string): number[] => JSON.parse(s) as number[];

function checkInit(op: TraceOp): void {
  expect(field(op, 'label')).toBe(`"${LABEL}"`);
  expect(field(op, 'label_hex')).toBe(hex(new TextEncoder().encode(LABEL)));
  expect(field(op, 'statement_len')).toBe('0');
  const fs = new FiatShamir();
  fs.absorbBytes(new TextEncoder().encode(TRANSCRIPT_DOMAIN));
  expect(wordsHex(fs.cv)).toBe(field(op, 'cv_after_domain'));
  fs.absorbBytes(new TextEncoder().encode(LABEL));
  expect(wordsHex(fs.cv)).toBe(field(op, 'cv_after_label'));
}

/** pow_base and digest0 of a grind line, from the byte-level definition. */
function checkPowFields(op: TraceOp, cvBefore: Uint8Array, nonce: Uint32Array): void {
  const base = oracleStep(cvBefore, [0n, 0n, 0n, BigInt(TAG_POW_BASE)]);
  expect(hex(base)).toBe(field(op, 'pow_base'));
  const digest = oracleStep(base, [...eLimbs(nonce), BigInt(TAG_POW_NONCE)]);
  expect(hex(digest.subarray(0, 8).reverse())).toBe(field(op, 'digest0'));
  expect(eHex(nonce)).toBe(field(op, 'nonce'));
}

/** The raw squeezes of a sample_queries line, from the byte-level definition. */
function checkRawSqueezes(op: TraceOp, cvBefore: Uint8Array): void {
  const raw = eListParse(field(op, 'raw'));
  const d = Number(field(op, 'd'));
  expect(Number(field(op, 'block_len'))).toBe(2 ** d);
  expect(Number(field(op, 'per_squeeze'))).toBe(Math.floor(192 / d));
  expect(Number(field(op, 'squeezes'))).toBe(Math.ceil(Number(field(op, 'count')) / Math.floor(192 / d)));
  expect(raw.length / 6).toBe(Number(field(op, 'squeezes')));
  let cv = cvBefore;
  for (let k = 0; k < raw.length / 6; k++) {
    cv = oracleStep(cv, [0n, 0n, 0n, BigInt(TAG_SQUEEZE)]);
    expect(hex(cv.subarray(0, 24))).toBe(hex(wordsToBytes(raw.subarray(6 * k, 6 * k + 6))));
  }
}

/** The Merkle fingerprints of a read_merkle / hint_merkle line. */
function checkMerkleFields(op: TraceOp, phase: MerklePhase): void {
  const rows = phase.leafData, sibs = phase.siblingHashes;
  expect(rows.length).toBe(Number(field(op, 'stored_rows')));
  for (const row of rows) expect(row.length / 2).toBe(Number(field(op, 'stored_row_words')));
  expect(sibs.length).toBe(Number(field(op, 'siblings')));
  const allRows = new Uint32Array(rows.reduce((n, r) => n + r.length, 0));
  rows.reduce((o, r) => (allRows.set(r, o), o + r.length), 0);
  expect(hex(nobleBlake2s(wordsToBytes(allRows)))).toBe(field(op, 'rows_b2s'));
  const allSibs = new Uint8Array(32 * sibs.length);
  sibs.forEach((s, i) => allSibs.set(s, 32 * i));
  expect(hex(nobleBlake2s(allSibs))).toBe(field(op, 'sib_b2s'));
  expect(u64Hex(rows[0], 0)).toBe(field(op, 'first_row_w0'));
  const last = rows[rows.length - 1];
  expect(u64Hex(last, last.length / 2 - 1)).toBe(field(op, 'last_row_wlast'));
  expect(hex(sibs[0])).toBe(field(op, 'first_sib'));
  expect(hex(sibs[sibs.length - 1])).toBe(field(op, 'last_sib'));
}

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
        checkInit(op);
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
        checkInit(op);
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
