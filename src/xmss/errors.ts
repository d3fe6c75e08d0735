import { InputError, InputProblemError } from '../util/errors';
import { XMSS_MAX_EPOCH } from './params';

/** What a malformed XMSS input was. */
export type XmssInput = 'public key' | 'signature' | 'secret key' | 'message' | 'seed';

/** XMSS bytes that cannot be parsed: a wrong length, or a secret key file that is truncated,
 * of another version, corrupt or inconsistent. The message names the input and the problem. */
export class XmssFormatError extends InputError {
  readonly input: XmssInput;

  constructor(input: XmssInput, message: string) {
    super(`malformed XMSS ${input}: ${message}`);
    this.name = 'XmssFormatError';
    this.input = input;
  }
}

/** Why an epoch cannot be used. */
export type XmssEpochProblem =
  | 'not-u32' // not an integer in 0 .. 2^32 − 1
  | 'empty-range' // a key range whose start is after its end
  | 'out-of-range' // outside the key's epoch range
  | 'already-used'; // below the secret key file's next unused epoch (XMSS is stateful)

/** An epoch, or an epoch range, that a key cannot take. */
export class XmssEpochError extends InputProblemError<XmssEpochProblem> {
  override name = 'XmssEpochError';
  /** For 'already-used': the first epoch the key may still sign (epochEnd + 1 once it has none left). */
  readonly nextEpoch: number | undefined;

  constructor(problem: XmssEpochProblem, message: string, nextEpoch?: number) {
    super(problem, message);
    this.nextEpoch = nextEpoch;
  }
}

/** Throws unless `epoch` is an integer in 0 .. 2^32 − 1; `what` names it in the message. */
export function checkEpoch(epoch: number, what = 'epoch'): void {
  if (!Number.isInteger(epoch) || epoch < 0 || epoch > XMSS_MAX_EPOCH) {
    throw new XmssEpochError('not-u32', `${what} must be an integer in 0 .. ${XMSS_MAX_EPOCH}, got ${epoch}`);
  }
}

/** Throws unless `bytes` is a Uint8Array of exactly `length` bytes. */
export function checkLength(input: XmssInput, bytes: Uint8Array, length: number): void {
  if (!(bytes instanceof Uint8Array)) throw new XmssFormatError(input, `expected ${length} bytes, got ${typeof bytes}`);
  if (bytes.length !== length) throw new XmssFormatError(input, `expected ${length} bytes, got ${bytes.length}`);
}
