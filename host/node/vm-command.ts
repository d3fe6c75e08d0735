// `leanvm-gpu verify vm`: checks a proof of a compiled program's execution against its public
// input. Exit 0 valid, 1 invalid, 2 bad usage or malformed input (a program, public input or
// proof file that cannot be read), each failure with a one-line reason.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { ProofFormatError } from '../../src/transcript/errors';
import { verifyProgram } from '../../src/vm/verify/verify';
import { eToJson } from '../../src/vm/words';
import { writable, writeOut } from './cli-files';
import { UsageError } from './usage';
import { loadProgram, loadPublicInput } from './vm-inputs';

export interface VerifyVmOptions {
  program: string;
  publicInput?: string;
  publicInputFile?: string;
  rawOut?: string;
  json?: boolean;
}

export function verifyVm(proofPath: string, opts: VerifyVmOptions): void {
  const { program, annotated } = loadProgram(opts);
  const publicInput = loadPublicInput(opts) ?? annotated;
  if (publicInput === null) throw new UsageError('give the public input: --public-input A,B or --public-input-file F, or a # public_input: line in the .py');
  let proof: Uint8Array;
  try {
    proof = new Uint8Array(readFileSync(proofPath));
  } catch (e) {
    throw new UsageError(`cannot read the proof file ${proofPath}: ${(e as Error).message}`);
  }
  if (opts.rawOut !== undefined) writable(opts.rawOut, 'raw proof');
  const t0 = performance.now();
  let verdict;
  try {
    verdict = verifyProgram(program, publicInput, proof, { raw: opts.rawOut !== undefined });
  } catch (e) {
    if (e instanceof ProofFormatError) throw new UsageError(`malformed proof file ${proofPath}: ${e.message}`);
    throw e;
  }
  const verifyMs = performance.now() - t0;
  if (!verdict.valid) process.exitCode = 1;
  if (verdict.valid && opts.rawOut !== undefined) writeOut(opts.rawOut, verdict.raw!, 'raw proof');
  if (opts.json) {
    const facts = verdict.valid ? { ...verdict.summary, ...(opts.rawOut === undefined ? {} : { rawProof: opts.rawOut, rawProofBytes: verdict.raw!.length }) } : { reason: verdict.reason };
    const report = {
      command: 'verify vm', valid: verdict.valid, ...facts, program: opts.program, publicInput: publicInput.map(eToJson),
      proof: proofPath, proofBytes: proof.length, verifyMs,
    };
    return console.log(JSON.stringify(report, null, 2));
  }
  if (!verdict.valid) return console.error(`leanvm-gpu: invalid proof ${proofPath} (checked against ${opts.program} and its public input): ${verdict.reason}`);
  const s = verdict.summary;
  const taus = Object.entries(s.tau).map(([t, k]) => `${t} 2^${k}`).join(', ');
  console.log(`valid: ${proofPath} proves the execution of ${opts.program} on its public input (verified in ${verifyMs.toFixed(0)} ms)`);
  console.log(`  memory 2^${s.h} cells; rows ${taus}; rate 1/${2 ** s.logInvRate}; stack 2^${s.mu} words in ${s.nLanes} lanes`);
  console.log(`  proof: ${proof.length} bytes, ${s.streamScalars} scalars, ${s.merklePhases.length} Merkle phases`);
  if (opts.rawOut !== undefined) console.log(`  raw proof (one opening per query, the Python verifier's form): ${verdict.raw!.length} bytes → ${opts.rawOut}`);
}

/** Adds `vm` to the `verify` command. */
export function addVerifyVm(verify: Command): void {
  verify
    .command('vm')
    .description('verify a proof of a compiled program\'s execution (exit 0 valid, 1 invalid, 2 malformed or bad usage)')
    .argument('<proof>', 'the proof file')
    .requiredOption('--program <file>', 'the compiled program (program JSON), or a zkDSL .py compiled on the fly (its # public_input: line stands in for the flags)')
    .option('--public-input <words>', 'the two public words m[0], m[1], comma-separated: decimal or 0x-hex integers of up to 128 bits, or GEN ** k')
    .option('--public-input-file <file>', 'instead: a NAME.public.json file ({"public_input": [E, E]})')
    .option('--raw-out <file>', 'write a valid proof\'s raw form (one opening per query: the reference Python verifier\'s input)')
    .option('--json', 'machine-readable verdict')
    .action(verifyVm);
}
