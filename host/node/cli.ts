#!/usr/bin/env node
// The leanvm-gpu command line. Exit codes: 0 success, 1 a failed check, 2 bad usage or input, 130
// a proof interrupted by SIGINT (interrupt.ts).
import { Command, CommanderError, Option } from 'commander';
import { arch, platform } from 'node:os';
import pkg from '../../package.json';
import { fieldSelfCheck } from '../../src/backend/selfcheck';
import { AbortError } from '../../src/backend/abort';
import { AllocationError } from '../../src/util/allocation';
import type { BackendName } from '../../src/backend/backend';
import { InputError, InvalidProofError } from '../../src/util/errors';
import { openBackend, probeBackends, type BackendReport } from './backends';
import { detectCpuFeatures } from './cpu-features';
import { CompileFailed, compileCommand } from './compile-command';
import { demo, proveHash, verifyHash } from './hash-command';
import { proveVm } from './prove-vm-command';
import { runVm } from './run-command';
import { backendOption, forceOption, maxMemoryOption, threadsOption } from './options';
import { interruptedLine, SIGINT_EXIT } from './interrupt';
import { serve } from './serve';
import { addXmssCommands } from './xmss-command';
import { demoXmss } from './xmss-demo';
import { addAggregateCommands } from './aggregate-command';
import { addVerifyVm } from './vm-command';
import { demoRecursion } from './recursion-demo';
import { addAggregateTreeCommand } from './aggregate-tree-command';
import { addTreeCommands } from './tree-command';

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

async function info(opts: { json?: boolean }) {
  const cpu = detectCpuFeatures();
  const backends = await probeBackends();
  const auto = await openBackend('auto');
  await auto.backend.dispose();
  const report = {
    version: pkg.version,
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpu,
    backends,
    auto: { backend: auto.backend.name, why: auto.why },
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  console.log(`leanvm-gpu ${pkg.version} on Node ${process.version} (${report.platform})`);
  const feats = Object.entries(cpu.features).map(([k, v]) => `${k} ${yesNo(v)}`).join(', ');
  console.log(`CPU: ${cpu.model}, ${cpu.cores} cores; ${feats || cpu.source}`);
  console.log('backends:');
  for (const b of backends) console.log(`  ${b.name.padEnd(7)} ${yesNo(b.usable).padEnd(4)} ${b.reason}`);
  const gpu = backends.find((b) => b.name === 'webgpu')?.details?.limits as Record<string, number> | undefined;
  if (gpu) {
    const keys = ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension'];
    console.log(`  webgpu limits: ${keys.map((k) => `${k} ${gpu[k]}`).join(', ')}`);
  }
  console.log(`auto → ${auto.backend.name}: ${auto.why}`);
}

async function selfcheck(opts: { json?: boolean; backend?: BackendName }) {
  const usable: BackendReport[] = (await probeBackends()).filter((b) => b.usable);
  const names = opts.backend ? [opts.backend] : usable.map((b) => b.name);
  const rows = [];
  for (const name of names) {
    const { backend } = await openBackend(name);
    try {
      for (const r of await fieldSelfCheck(backend)) rows.push({ backend: name, ...r });
    } finally {
      await backend.dispose();
    }
  }
  const failed = rows.some((r) => r.mismatches > 0);
  if (opts.json) console.log(JSON.stringify({ ok: !failed, results: rows }, null, 2));
  else {
    console.log('field self-check (known reference products + random pairs against the TypeScript reference):');
    for (const r of rows) {
      const verdict = r.mismatches === 0 ? 'ok' : `FAILED: ${r.mismatches} wrong`;
      console.log(`  ${r.backend.padEnd(7)} ${r.elem}  ${String(r.products).padStart(5)} products  ${r.ms.toFixed(1).padStart(8)} ms  ${verdict}`);
    }
  }
  if (failed) process.exitCode = 1;
}

const program = new Command()
  .name('leanvm-gpu')
  .description('Binary-field proofs on WebGPU, native SIMD or TypeScript')
  .version(pkg.version)
  .exitOverride();

program.command('info').description('Node, CPU features, and which backends can run here and why').option('--json', 'machine-readable output').action(info);
program
  .command('selfcheck')
  .description('check the field arithmetic of every usable backend (or one)')
  .addOption(new Option('--backend <name>', 'only this backend').choices(['cpu', 'native', 'webgpu']))
  .option('--json', 'machine-readable output')
  .action(selfcheck);

const statementOption = () =>
  new Option('--statement <kind>', 'what the proof binds: bound (the messages and their digests) or none (n only: the reference flow\'s empty statement, its proof bytes)')
    .choices(['bound', 'none'])
    .default('bound');
const messageOptions = (cmd: Command) =>
  cmd
    .option('--inputs <file>', 'the messages: n × 64 bytes (16 little-endian u32 words each), n = 1 .. 2^20 (--statement none: a power of two from 2^7)')
    .option('--n <n>', 'instead of --inputs: n messages from the reference test generator')
    .option('--seed <s>', 'with --n: the generator seed, decimal or 0x-hex u64 (default 0x9E3779B97F4A7C15 ^ n, the reference test\'s)')
    .addOption(statementOption());

const prove = program.command('prove').description('prove a statement');
messageOptions(prove.command('hash').description('prove the BLAKE2s-256 digests of a batch of 64-byte messages'))
  .requiredOption('--out <file>', 'where to write the proof')
  .option('--digests-out <file>', 'also write the n BLAKE2s-256 digests (n × 32 bytes) the proof claims')
  .addOption(backendOption())
  .addOption(threadsOption())
  .addOption(maxMemoryOption())
  .addOption(forceOption())
  .option('--json', 'machine-readable summary')
  .action(proveHash);
prove.command('vm').description('prove a compiled program\'s execution on a public input')
  .requiredOption('--program <file>', 'the compiled program (JSON), or a zkDSL source (.py) whose # public_input: and # witness lines stand in for the flags')
  .option('--public-input <a,b>', 'm[0], m[1] as two words (decimal, 0x-hex or GEN ** k)')
  .option('--public-input-file <file>', 'the public input as a NAME.public.json')
  .requiredOption('--out <file>', 'where to write the proof')
  .option('--witness <file>', 'witness streams (the program JSON\'s "witness" form), replacing the program\'s own of the same name')
  .option('--rate <r>', 'log2 of the inverse code rate, 1..4', '1')
  .option('--max-cycles <n>', 'stop a run past this many cycles (default 100000000)')
  .addOption(backendOption())
  .addOption(threadsOption())
  .addOption(maxMemoryOption())
  .addOption(forceOption())
  .option('--json', 'machine-readable summary')
  .action(proveVm);

const verify = program.command('verify').description('verify a proof');
messageOptions(verify.command('hash').description('verify a hash-batch proof (exit 0 valid, 1 invalid, 2 malformed or bad usage)'))
  .argument('<proof>', 'the proof file')
  .option('--outputs <file>', 'check the proof against these digests (n × 32 bytes) instead of the messages\' own')
  .option('--json', 'machine-readable verdict')
  .action(verifyHash);
addVerifyVm(verify);

program
  .command('run').description('execute a statement without proving it')
  .command('vm').description('run a compiled program: cycles, rows per table before and after the fill, h and the τ')
  .requiredOption('--program <file>', 'the compiled program (JSON), or a zkDSL source (.py)')
  .option('--witness <file>', 'witness streams (the program JSON\'s "witness" form), replacing the program\'s own of the same name')
  .option('--public-input <a,b>', 'm[0], m[1] as two words (decimal, 0x-hex or GEN ** k); default: run without, and show what the program publishes')
  .option('--public-input-file <file>', 'the public input as a NAME.public.json')
  .option('--max-cycles <n>', 'stop a run past this many cycles (default 100000000)')
  .option('--trace <file>', 'write the run one line per step, in the reference interpreter\'s trace format')
  .option('--json', 'machine-readable output')
  .action(runVm);

program
  .command('compile')
  .description('compile a zkDSL program to its program JSON (stdout, or -o FILE)')
  .argument('<program>', 'the zkDSL source (.py)')
  .option('-D, --define <name=value>', 'fill placeholder NAME with VALUE (repeatable)', (v: string, all: string[]) => [...all, v], [])
  .option('-o, --out <file>', 'write the program JSON here')
  .option('--disasm', 'print the disassembly')
  .option('--json', 'with -o: print a machine-readable summary')
  .action(compileCommand);

const demos = program.command('demo').description('end-to-end demos: demo recursion (what npm start runs), demo xmss, demo hash (the default)');
demos
  .command('hash', { isDefault: true })
  .description('prove n reference messages into a temporary file, then verify it')
  .option('--n <n>', 'batch size', '8192')
  .addOption(backendOption())
  .addOption(threadsOption())
  .addOption(statementOption())
  .action(demo);
demos
  .command('recursion')
  .description('2n fresh keys sign one message; two leaves of n signatures and one 2→1 node over them (a tree, drawn), written to a temporary file and verified (what npm start runs)')
  .option('--n <n>', 'signers a leaf', '16')
  .addOption(backendOption())
  .addOption(threadsOption())
  .action((opts) => demoRecursion(opts));
demos
  .command('xmss')
  .description('n fresh XMSS keys sign one message; aggregate the signatures into a temporary file and verify it')
  .option('--n <n>', 'signers', '32')
  .addOption(backendOption())
  .addOption(threadsOption())
  .action(demoXmss);

addXmssCommands(program);
addAggregateCommands(program, verify);
addAggregateTreeCommand(program);
addTreeCommands(program);

program
  .command('serve')
  .description('serve the browser prover (dist/browser) at http://127.0.0.1:PORT/')
  .option('--port <port>', 'the port', '8080')
  .action(serve);

/**
 * The exit code each error class ends a command with, in one place: 1 a proof that is not valid;
 * 2 the caller's input or files (every InputError: bad usage, a file that cannot be read, a
 * backend that is not there) or memory this machine does not have; 130 a proof stopped by
 * SIGINT (interrupt.ts). Anything else is a bug and is rethrown.
 */
function exitCodeOf(e: unknown): 0 | 1 | 2 | typeof SIGINT_EXIT | undefined {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
  if (e instanceof AbortError) return SIGINT_EXIT;
  if (e instanceof InvalidProofError) return 1;
  if (e instanceof InputError || e instanceof AllocationError) return 2;
  return undefined;
}

try {
  await program.parseAsync();
} catch (e) {
  const code = exitCodeOf(e);
  if (code === undefined) throw e;
  // Commander has printed its own message; a compile error is the compiler's report as it stands.
  if (e instanceof CompileFailed) console.error(e.message);
  else if (e instanceof AbortError) console.error(interruptedLine(e));
  else if (!(e instanceof CommanderError)) console.error(`leanvm-gpu: ${e instanceof AllocationError ? 'out of memory: ' : ''}${(e as Error).message}`);
  process.exit(code);
}
