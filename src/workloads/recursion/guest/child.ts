// A child's TypeScript verification, recorded for the node program's hints: every compression
// of its transcript and every Merkle phase it authenticated. A child that does not verify is
// refused here (a node is never built on one).
import { FiatShamir, type TranscriptStep } from '../../../transcript/fiat-shamir';
import { parseProof } from '../../../transcript/proof';
import type { OpenedPhase } from '../../../transcript/verifier-state';
import { transcriptStatement, VM_TRANSCRIPT_LABEL } from '../../../vm/bytecode';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { verifyExecution, vmVerifierState } from '../../../vm/verify/verify';

export interface ChildRecord {
  /** The transcript's compressions after the domain and label: the statement's four absorbs,
   * then the verification's. */
  readonly steps: readonly TranscriptStep[];
  readonly phases: readonly OpenedPhase[];
}

/** Verifies `proofBytes` and records it; throws VerificationError naming the check that fails. */
export function recordChild(program: Program, publicInput: PublicInput, proofBytes: Uint8Array): ChildRecord {
  const steps: TranscriptStep[] = [];
  const tap = (s: TranscriptStep) => steps.push(s);
  const pre = FiatShamir.init(VM_TRANSCRIPT_LABEL);
  pre.tap = tap;
  for (const s of transcriptStatement(program, publicInput)) pre.observe(s);
  const proof = parseProof(proofBytes);
  const vs = vmVerifierState(program, publicInput, proof);
  vs.tapTranscript(tap);
  vs.openedPhases = [];
  verifyExecution(vs, program, publicInput, proof);
  return { steps, phases: vs.openedPhases };
}

/** The chain's start: the chaining value after the domain and the VM's label. */
export function transcriptStart(): Uint32Array {
  return FiatShamir.init(VM_TRANSCRIPT_LABEL).cv.slice();
}
