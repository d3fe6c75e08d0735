// The shape of a WHIR opening (docs/protocol.md §6.1; upstream `derive_config`): a ladder of levels,
// each folding some variables and committing the rest at a growing inverse rate, ending in a
// residual of at most 2^5 values sent in clear. Query counts are the pinned table.
import { InputError } from '../../util/errors';
import { WHIR_QUERIES } from './queries';

export const INITIAL_FOLDING_FACTOR = 6;
export const SUBSEQUENT_FOLDING_FACTOR = 3;
export const RESIDUAL_MAX_LOG = 5;
/** How much the log RS domain shrinks after the first fold, then after each later one. */
export const RS_DOMAIN_INITIAL_REDUCTION = 3;
export const RS_DOMAIN_SUBSEQUENT_REDUCTION = 1;
export const QUERY_GRINDING_BITS = 17;
export const MIN_LOG_N = 15;
export const MAX_LOG_N = 28;
export const MIN_LOG_INV_RATE = 1;
export const MAX_LOG_INV_RATE = 4;

export interface WhirLevel {
  /** Variables this level binds (its oracle's lanes): 6 at level 0, then ≤ 3. */
  readonly fold: number;
  /** log2 of the inverse rate of this level's oracle. */
  readonly logInvRate: number;
  /** Variables left after this level's folds: log2 of the oracle's message length per lane. */
  readonly logMsgCols: number;
  /** log2 of the oracle's codeword length (its Merkle leaf count): logMsgCols + logInvRate. */
  readonly logBlockLen: number;
  readonly blockLen: number;
  readonly queries: number;
  /** Out-of-domain samples taken when this level's oracle is committed (none for level 0). */
  readonly oodSamples: number;
  readonly grindingBits: number;
}

export interface WhirConfig {
  readonly logN: number;
  readonly logInvRate: number;
  readonly levels: readonly WhirLevel[];
  /** Variables of the residual table sent in clear after the last level (≤ 5). */
  readonly residualVars: number;
  readonly residualLen: number;
}

/** Raised for a WHIR shape outside the supported window; `parameter` names the culprit. */
export class WhirConfigError extends InputError {
  readonly parameter: 'logN' | 'logInvRate';
  constructor(parameter: 'logN' | 'logInvRate', message: string) {
    super(message);
    this.name = 'WhirConfigError';
    this.parameter = parameter;
  }
}

function checkRange(parameter: 'logN' | 'logInvRate', value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new WhirConfigError(parameter, `whirConfig: ${parameter} must be an integer in ${min}..${max}, got ${value}`);
  }
}

export function whirConfig(logN: number, logInvRate: number): WhirConfig {
  checkRange('logN', logN, MIN_LOG_N, MAX_LOG_N);
  checkRange('logInvRate', logInvRate, MIN_LOG_INV_RATE, MAX_LOG_INV_RATE);
  const folds = [INITIAL_FOLDING_FACTOR];
  const rates = [logInvRate];
  let remaining = logN - INITIAL_FOLDING_FACTOR;
  while (remaining > RESIDUAL_MAX_LOG) {
    // Folding k variables shrinks the message 2^k-fold but the domain only by the reduction,
    // so the next oracle's inverse rate grows by the previous fold minus that reduction.
    const reduction = folds.length === 1 ? RS_DOMAIN_INITIAL_REDUCTION : RS_DOMAIN_SUBSEQUENT_REDUCTION;
    rates.push(rates[rates.length - 1] + folds[folds.length - 1] - reduction);
    const k = Math.min(SUBSEQUENT_FOLDING_FACTOR, remaining);
    remaining -= k;
    folds.push(k);
  }
  const queries = WHIR_QUERIES[logInvRate - 1][logN - MIN_LOG_N];
  let logMsgCols = logN;
  const levels = folds.map((fold, i): WhirLevel => {
    logMsgCols -= fold;
    const logBlockLen = logMsgCols + rates[i];
    return {
      fold,
      logInvRate: rates[i],
      logMsgCols,
      logBlockLen,
      blockLen: 2 ** logBlockLen,
      queries: queries[i],
      oodSamples: i === 0 ? 0 : 1,
      grindingBits: QUERY_GRINDING_BITS,
    };
  });
  return { logN, logInvRate, levels, residualVars: remaining, residualLen: 1 << remaining };
}
