// E words in the program and public-input JSON: ["c0", "c1", "c2"], each limb 16 lower-case hex
// digits, most significant first.
import { type E, eFromLimbs } from '../field/e';
import { kFromHex, kToHex } from '../field/k';
import { ProgramFormatError } from './errors';

const LIMB = /^[0-9a-f]{16}$/;

/** The word written at `at`, or a ProgramFormatError naming it. */
export function eFromJson(v: unknown, at: string, error: (at: string, expected: string) => Error = (a, x) => new ProgramFormatError(a, x)): E {
  if (!Array.isArray(v) || v.length !== 3 || !v.every((l) => typeof l === 'string' && LIMB.test(l))) {
    throw error(at, 'expected an E word: an array of 3 limbs of 16 lower-case hex digits');
  }
  return eFromLimbs(kFromHex(v[0]), kFromHex(v[1]), kFromHex(v[2]));
}

export function eToJson(e: E): [string, string, string] {
  return [kToHex(e.subarray(0, 2)), kToHex(e.subarray(2, 4)), kToHex(e.subarray(4, 6))];
}
