// `leanvm-gpu xmss keygen | sign | verify`: XMSS keys in files (the secret key file of
// docs/xmss.md, which `sign` holds locked while it signs and whose next unused epoch it makes
// durable before it writes a signature, and the 32-byte public key beside it), signatures of
// 32-byte messages, and their verification (exit 0 valid, 1 invalid, 2 malformed input or bad
// usage).
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { StdRng } from '../../src/util/std-rng';
import {
  decodePublicKey, decodeSignature, encodeKeyFile, encodePublicKey, encodeSignature, type RandomSource,
  XMSS_MAX_EPOCH, XMSS_MESSAGE_BYTES, XMSS_SEED_BYTES, XmssEpochError, XmssFormatError, xmssKeyGen, xmssSign, xmssVerify,
} from '../../src/xmss/index';
import { readFile, writable } from './cli-files';
import { writeDurably } from './durable-file';
import { LockError } from './lock-file';
import { keyFileTarget, lockKeyFile, xmssKeyFileStore } from './xmss-key-file-store';
import { parseSeed } from './hash-command';
import { progressBar } from './progress';
import { UsageError } from './usage';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** `bytes` bytes given as 2·bytes hex digits, or a UsageError naming the option. */
export function parseHex(text: string, bytes: number, option: string): Uint8Array {
  if (!new RegExp(`^[0-9a-fA-F]{${2 * bytes}}$`).test(text)) throw new UsageError(`${option} must be ${2 * bytes} hex digits (${bytes} bytes), got "${text}"`);
  return new Uint8Array(Buffer.from(text, 'hex'));
}

/** A decimal u32, or a UsageError naming the option. */
export function parseU32(text: string, option: string): number {
  const v = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(v <= XMSS_MAX_EPOCH)) throw new UsageError(`${option} must be a decimal integer in 0 .. ${XMSS_MAX_EPOCH}, got "${text}"`);
  return v;
}

/** --epochs A..B (inclusive). */
function parseRange(text: string): [number, number] {
  const m = /^(\d+)\.\.(\d+)$/.exec(text);
  if (!m) throw new UsageError(`--epochs must be A..B (inclusive, decimal), got "${text}"`);
  const [a, b] = [parseU32(m[1], '--epochs A'), parseU32(m[2], '--epochs B')];
  if (a > b) throw new UsageError(`--epochs ${text} is empty: A must not exceed B`);
  return [a, b];
}

/** Library input errors and lock errors as the command line's usage errors (exit 2), naming the file. */
async function asUsage<T>(what: string, f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof XmssFormatError || e instanceof XmssEpochError || e instanceof LockError) throw new UsageError(`${what}: ${e.message}`);
    if ((e as NodeJS.ErrnoException).code !== undefined) throw new UsageError(`${what}: ${(e as Error).message}`);
    throw e;
  }
}

/** Writes `bytes` to `path` durably (./durable-file.ts), or a UsageError naming what it was. */
function replaceFile(path: string, bytes: Uint8Array, what: string, mode = 0o600): void {
  try {
    writeDurably(path, bytes, mode);
  } catch (e) {
    throw new UsageError(`cannot write the ${what} to ${path}: ${(e as Error).message}`);
  }
}

export interface KeygenOptions {
  seed?: string;
  epochs: string;
  out: string;
  force?: boolean;
  json?: boolean;
}

export async function keygen(opts: KeygenOptions): Promise<void> {
  const [start, end] = parseRange(opts.epochs);
  const seed = opts.seed === undefined ? globalThis.crypto.getRandomValues(new Uint8Array(XMSS_SEED_BYTES)) : parseHex(opts.seed, XMSS_SEED_BYTES, '--seed');
  const pubPath = `${opts.out}.pub`;
  for (const path of [opts.out, pubPath]) {
    if (existsSync(path) && !opts.force) throw new UsageError(`${path} exists: a secret key file holds state, so keygen does not overwrite it without --force`);
  }
  writable(opts.out, 'secret key');
  const bar = progressBar();
  const t0 = performance.now();
  let key;
  try {
    key = xmssKeyGen(seed, start, end, { onProgress: (f) => bar?.update('keygen', f) });
  } finally {
    bar?.done();
  }
  const ms = performance.now() - t0;
  const file = encodeKeyFile(key);
  const publicKey = encodePublicKey(key.publicKey);
  // Under the key's lock: a signer of the key this replaces (--force) finishes first.
  await asUsage(`secret key file ${opts.out}`, () => lockKeyFile(keyFileTarget(opts.out), 60_000, (release) => {
    try {
      replaceFile(opts.out, file, 'secret key');
    } finally {
      release();
    }
  }));
  replaceFile(pubPath, publicKey, 'public key', 0o644);
  const epochs = end - start + 1;
  if (opts.json) {
    const report = { command: 'xmss keygen', epochStart: start, epochEnd: end, epochs, publicKey: hex(publicKey), secretKey: opts.out, secretKeyBytes: file.length, publicKeyFile: pubPath, ms };
    return console.log(JSON.stringify(report, null, 2));
  }
  console.log(`generated an XMSS key for epochs ${start}..${end} (${epochs} epoch${epochs === 1 ? '' : 's'}) in ${ms.toFixed(0)} ms`);
  console.log(`  secret key: ${file.length} bytes → ${opts.out}`);
  console.log(`  public key: ${hex(publicKey)} → ${pubPath}`);
}

export interface SignOptions {
  epoch: string;
  message: string;
  out: string;
  rngSeed?: string;
  json?: boolean;
}

export async function sign(keyPath: string, opts: SignOptions): Promise<void> {
  const epoch = parseU32(opts.epoch, '--epoch');
  const message = parseHex(opts.message, XMSS_MESSAGE_BYTES, '--message');
  let rng: RandomSource | undefined;
  if (opts.rngSeed !== undefined) {
    const s = parseSeed(opts.rngSeed, '--rng-seed');
    rng = StdRng.seedFromU64(s.lo, s.hi);
  }
  writable(opts.out, 'signature');
  const t0 = performance.now();
  // The key file is locked while it signs and says epoch + 1 durably before the signature is returned.
  const signing = await asUsage(`secret key file ${keyPath}`, () => xmssSign(xmssKeyFileStore(keyPath), message, epoch, { rng }));
  const ms = performance.now() - t0;
  replaceFile(opts.out, encodeSignature(signing.signature), 'signature', 0o644);
  if (opts.json) {
    const report = { command: 'xmss sign', epoch, message: hex(message), grindAttempts: signing.grindAttempts, ms, signature: opts.out, nextEpoch: signing.nextEpoch };
    return console.log(JSON.stringify(report, null, 2));
  }
  console.log(`signed at epoch ${epoch} in ${ms.toFixed(0)} ms (${signing.grindAttempts} grinding attempts) → ${opts.out}`);
  const { nextEpoch: next, epochEnd: end } = signing;
  console.log(next > end ? `  ${keyPath} has signed its last epoch: it signs nothing more` : `  ${keyPath} now signs epochs ${next}..${end} (${end - next + 1} left)`);
}

export interface VerifyOptions {
  epoch: string;
  message: string;
  json?: boolean;
}

export async function verify(pubPath: string, sigPath: string, opts: VerifyOptions): Promise<void> {
  const epoch = parseU32(opts.epoch, '--epoch');
  const message = parseHex(opts.message, XMSS_MESSAGE_BYTES, '--message');
  const pk = await asUsage(`public key file ${pubPath}`, () => decodePublicKey(readFile(pubPath, 'public key file')));
  const signature = await asUsage(`signature file ${sigPath}`, () => decodeSignature(readFile(sigPath, 'signature file')));
  const verdict = xmssVerify(pk, message, signature, epoch);
  if (!verdict.valid) process.exitCode = 1;
  if (opts.json) {
    const report = { command: 'xmss verify', ...verdict, epoch, message: hex(message), publicKey: hex(encodePublicKey(pk)), signature: sigPath };
    return console.log(JSON.stringify(report, null, 2));
  }
  if (verdict.valid) console.log(`valid: ${sigPath} signs ${hex(message)} at epoch ${epoch} under ${pubPath}`);
  else console.error(`leanvm-gpu: invalid signature ${sigPath} (epoch ${epoch}, under ${pubPath}): ${verdict.reason}`);
}

/** `xmss keygen | sign | verify` on `program`. */
export function addXmssCommands(program: Command): void {
  const xmss = program.command('xmss').description('XMSS keys, signatures and their verification (leanVM-b\'s scheme)');
  const message = '32-byte message as 64 hex digits';
  xmss
    .command('keygen')
    .description('generate a key for an epoch range: the secret key file KEY and the 32-byte public key KEY.pub')
    .requiredOption('--epochs <A..B>', 'the epochs the key signs, inclusive, decimal u32s')
    .requiredOption('--out <KEY>', 'the secret key file (KEY.pub beside it)')
    .option('--seed <hex>', 'the 32-byte seed as 64 hex digits (default: from the OS\'s random source)')
    .option('--force', 'overwrite KEY and KEY.pub')
    .option('--json', 'machine-readable summary')
    .action(keygen);
  xmss
    .command('sign')
    .description('sign a message at an epoch; the key file then signs only later epochs')
    .argument('<KEY>', 'the secret key file')
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .requiredOption('--message <hex>', message)
    .requiredOption('--out <SIG>', 'where to write the 1208-byte signature')
    .option('--rng-seed <u64>', 'draw the encoding randomness from rand\'s StdRng::seed_from_u64(u64), as the reference vectors (default: the OS\'s random source)')
    .option('--json', 'machine-readable summary')
    .action(sign);
  xmss
    .command('verify')
    .description('verify a signature (exit 0 valid, 1 invalid, 2 malformed or bad usage)')
    .argument('<PUB>', 'the 32-byte public key file')
    .argument('<SIG>', 'the 1208-byte signature file')
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .requiredOption('--message <hex>', message)
    .option('--json', 'machine-readable verdict')
    .action(verify);
}
