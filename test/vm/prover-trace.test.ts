// Our VM prover against the reference prover's transcript traces (arith, hash) and proofs. The
// traced programs are proved on a ProverState that logs every Fiat–Shamir step (each sent or
// observed scalar with the stream offset and the chaining value after it, each squeeze, query
// list, grinding nonce, round polynomial and Merkle phase), and every line of
// NAME.prover-trace.txt must be matched by the same step with the same values and chaining
// value; the proof must be NAME.proof byte for byte, and the other vector programs' proofs too.
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu';
import type { E } from '../../src/field/e';
import { wordsToBytes } from '../../src/hash/blake2s';
import type { MerklePhase } from '../../src/transcript';
import { parseProof } from '../../src/transcript/proof';
import { ProverState } from '../../src/transcript/prover-state';
import { rootToScalars } from '../../src/transcript/root';
import { transcriptStatement, VM_TRANSCRIPT_LABEL } from '../../src/vm/bytecode';
import { parseProgram } from '../../src/vm/program';
import { proveInto, proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { vectorPath } from '../vectors';
import { bytesFromHex, eHex, eListParse, eParse, wordsHex } from '../transcript/helpers';
import { field, readTrace } from '../transcript/trace';
import { checkInit, checkMerkleFields, checkPowFields, checkRawSqueezes, idxList, listHex } from '../transcript/trace-checks';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from './vm-vectors';

interface Moves { v: E; cv: Uint32Array; cvBefore: Uint32Array; sent: number }

type Step =
  | ({ kind: 'absorb' } & Moves)
  | ({ kind: 'squeeze' } & Moves)
  | ({ kind: 'nonce' } & Moves)
  | { kind: 'queries'; d: number; idx: number[] }
  | { kind: 'round'; coeffs: Uint32Array; eq: boolean }
  | { kind: 'merkle'; phase: MerklePhase }
  | { kind: 'finish' };

/** A prover state that logs its transcript steps; `sent` is the stream length after a step. */
class RecordingProverState extends ProverState {
  readonly steps: Step[] = [];

  constructor(label: string, statement: readonly E[]) {
    super(label, statement);
    const fs = this.fs;
    const log = (kind: 'absorb' | 'squeeze' | 'nonce', run: () => void, v: () => E): void => {
      const cvBefore = fs.cv.slice();
      run();
      // A nonce is sent after it is bound: count it as sent with it.
      this.steps.push({ kind, v: v(), cv: fs.cv.slice(), cvBefore, sent: this.streamLength + (kind === 'nonce' ? 1 : 0) });
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

  override addScalar(e: Uint32Array, offset = 0): void {
    super.addScalar(e, offset);
    // Bound first, then sent: the absorb just logged carries the stream length after it.
    (this.steps[this.steps.length - 1] as { sent: number }).sent = this.streamLength;
  }

  override addRoundPoly(coeffs: Uint32Array, eqFactored: boolean): void {
    this.steps.push({ kind: 'round', coeffs: coeffs.slice(), eq: eqFactored });
    super.addRoundPoly(coeffs, eqFactored);
  }

  override addMerklePhase(phase: MerklePhase): void {
    this.steps.push({ kind: 'merkle', phase });
    super.addMerklePhase(phase);
  }

  override finish() {
    this.steps.push({ kind: 'finish' });
    return super.finish();
  }
}

const load = (name: string) => ({ program: parseProgram(vmText(name, 'program.json')), pi: parsePublicInputJson(vmText(name, 'public.json')) });

async function replay(name: string): Promise<void> {
  const trace = readTrace(`${name}.prover-trace.txt`, vectorPath('vm'));
  expect(trace.ops.length).toBe(trace.declaredOps);
  const { program, pi } = load(name);
  const statement = transcriptStatement(program, pi);
  const ps = new RecordingProverState(VM_TRANSCRIPT_LABEL, statement);
  const cvInit = ps.state();
  const backend = createCpuBackend();
  const { proof } = await proveInto(ps, program, pi, { backend });
  await backend.dispose();
  expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof'))), `${name}: the proof is the reference's`).toBe(true);
  const wire = parseProof(proof);

  const steps = ps.steps;
  let at = 0, sent = 0, phase = 0;
  const next = <K extends Step['kind']>(kind: K, ctx: string): Extract<Step, { kind: K }> => {
    const s = steps[at++];
    expect(s?.kind, `${ctx}: the prover's step ${at - 1}`).toBe(kind);
    return s as Extract<Step, { kind: K }>;
  };
  // One absorb of v: sent at stream offset `off`, or observed (off null).
  const absorb = (v: E, ctx: string, off: number | null): void => {
    const s = next('absorb', ctx);
    expect(eHex(s.v), ctx).toBe(eHex(v));
    if (off === null) expect(s.sent, `${ctx}: observed, not sent`).toBe(sent);
    else {
      expect([off, s.sent], `${ctx}: sent at its offset`).toEqual([sent, sent + 1]);
      sent++;
    }
  };
  const squeezes = (values: Uint32Array, ctx: string) => {
    for (let i = 0; i < values.length; i += 6) expect(eHex(next('squeeze', ctx).v), ctx).toBe(eHex(values, i));
  };
  const cvAfter = (): Uint32Array => {
    for (let i = at - 1; i >= 0; i--) {
      const s = steps[i];
      if (s.kind === 'absorb' || s.kind === 'squeeze' || s.kind === 'nonce') return s.cv;
    }
    return cvInit;
  };

  for (const op of trace.ops) {
    const ctx = `${name} op ${op.index} ${op.kind}`;
    const off = op.fields.has('off') ? Number(field(op, 'off')) : null;
    switch (op.kind) {
      case 'init':
        checkInit(op, VM_TRANSCRIPT_LABEL, statement);
        break;
      case 'send_scalar':
        absorb(eParse(field(op, 'v')), ctx, off);
        break;
      case 'send_root': {
        const s = rootToScalars(bytesFromHex(field(op, 'root')));
        absorb(s.subarray(0, 6), ctx, off);
        absorb(s.subarray(6), ctx, (off as number) + 1);
        break;
      }
      case 'send_round_poly': {
        const round = next('round', ctx);
        expect(round.eq, ctx).toBe(field(op, 'mode') === 'eq');
        expect(listHex(round.coeffs), `${ctx}: coefficients`).toBe(field(op, 'coeffs'));
        const sentValues = eListParse(field(op, 'sent'));
        for (let i = 0; i < sentValues.length; i += 6) absorb(sentValues.subarray(i, i + 6), ctx, (off as number) + i / 6);
        break;
      }
      case 'observe_scalar':
        absorb(eParse(field(op, 'v')), ctx, null);
        break;
      case 'observe_root': {
        const s = rootToScalars(bytesFromHex(field(op, 'root')));
        absorb(s.subarray(0, 6), ctx, null);
        absorb(s.subarray(6), ctx, null);
        break;
      }
      case 'sample':
        squeezes(eParse(field(op, 'v')), ctx);
        break;
      case 'sample_vec':
        squeezes(eListParse(field(op, 'v')), ctx);
        break;
      case 'sample_queries': {
        checkRawSqueezes(op, wordsToBytes(cvAfter()));
        squeezes(eListParse(field(op, 'raw')), ctx);
        const q = next('queries', ctx);
        expect([q.d, q.idx], ctx).toEqual([Number(field(op, 'd')), idxList(field(op, 'idx'))]);
        break;
      }
      case 'grind': {
        const nonce = eParse(field(op, 'nonce'));
        const s = next('nonce', ctx);
        expect(eHex(s.v), ctx).toBe(eHex(nonce));
        expect([off, s.sent], `${ctx}: sent at its offset`).toEqual([sent, sent + 1]);
        sent++;
        checkPowFields(op, wordsToBytes(s.cvBefore), nonce);
        break;
      }
      case 'hint_merkle': {
        expect(Number(field(op, 'phase')), ctx).toBe(phase);
        checkMerkleFields(op, next('merkle', ctx).phase);
        expect(wire.merkle[phase++].leafData.length).toBe(Number(field(op, 'stored_rows')));
        break;
      }
      case 'into_proof':
        next('finish', ctx);
        expect([Number(field(op, 'stream_len')), Number(field(op, 'merkle_phases'))]).toEqual([sent, phase]);
        break;
      default:
        throw new Error(`${ctx}: unrecognised operation kind`);
    }
    expect(wordsHex(cvAfter()), `${ctx}: cv after the operation`).toBe(field(op, 'cv'));
  }
  expect(at, 'every step the prover took is in the trace').toBe(steps.length);
  expect(sent).toBe(wire.stream.length / 6);
}

describe('VM prover against the reference prover', () => {
  it('arith.prover-trace.txt: every traced operation, with the same values and chaining values, and arith.proof', () => replay('arith'), 120_000);
  it('hash.prover-trace.txt: the same for the program with BLAKE2S rows', () => replay('hash'), 120_000);

  for (const name of VM_PROGRAMS.filter((n) => n !== 'arith' && n !== 'hash')) {
    it(`${name}: the proof is ${name}.proof byte for byte (cpu)`, async () => {
      const { program, pi } = load(name);
      const backend = createCpuBackend();
      const { proof, stats } = await proveProgram(program, pi, { backend, logInvRate: vmSummary(name).announced.log_inv_rate });
      await backend.dispose();
      expect(Buffer.from(proof).equals(Buffer.from(vmBytes(name, 'proof')))).toBe(true);
      expect(stats.proofBytes).toBe(vmSummary(name).proof_bytes);
    }, name === 'big' ? 600_000 : 120_000);
  }
});
