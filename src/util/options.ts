// The options objects of the library's public functions, checked before use. A JavaScript
// caller's typo must not quietly pick a default: verifyHashBatch(…, { statment: 'bound' }) or
// { statement: 'Bound' } checking a proof against messages it does not bind would be a wrong
// "valid". So an unknown key, a value of the wrong type and a mode outside its list are all
// refused with an OptionsError naming the function and the option; an absent or undefined key
// takes its documented default.

import { InputError } from './errors';

/** What one option may hold. */
export type OptionRule =
  | 'boolean'
  | 'string'
  | 'array' // any array (its items are the function's to check)
  | 'function'
  | 'bytes' // a Uint8Array
  | 'object' // any non-null object (a pool, a device's handle)
  | 'map' // a Map
  | 'backend' // a Backend: an object with a name and a dispose function
  | 'random source' // an object with a nextU32 function
  | 'signal' // an AbortSignal
  | { readonly oneOf: readonly string[] }
  | { readonly someOf: readonly string[] } // a non-empty array of distinct modes of the list
  | { readonly integer: readonly [min: number, max: number] }
  | { readonly integers: readonly [min: number, max: number] }; // an array of such integers

/** An options object a public function refuses: `option` is the key (undefined when the
 * object itself is not one). */
export class OptionsError extends InputError {
  override name = 'OptionsError';
  readonly function: string;
  readonly option: string | undefined;

  constructor(fn: string, option: string | undefined, message: string) {
    super(`${fn}: ${message}`);
    this.function = fn;
    this.option = option;
  }
}

const describe = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'object') return `an object (${v.constructor?.name ?? 'no prototype'})`;
  return `${typeof v} ${String(v)}`;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const inRange = (v: unknown, [min, max]: readonly [number, number]) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** What `value` fails to be under `rule`, or null when it fits. */
function mismatch(rule: OptionRule, value: unknown): string | null {
  if (typeof rule === 'object') {
    if ('oneOf' in rule) return rule.oneOf.includes(value as string) ? null : `one of ${rule.oneOf.map((m) => JSON.stringify(m)).join(', ')}`;
    if ('someOf' in rule) {
      const ok = Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every((v) => rule.someOf.includes(v));
      return ok ? null : `a non-empty array of distinct ${rule.someOf.map((m) => JSON.stringify(m)).join(', ')}`;
    }
    if ('integer' in rule) return inRange(value, rule.integer) ? null : `an integer in ${rule.integer[0]} ..= ${rule.integer[1]}`;
    return Array.isArray(value) && value.every((v) => inRange(v, rule.integers)) ? null : `an array of integers in ${rule.integers[0]} ..= ${rule.integers[1]}`;
  }
  switch (rule) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'true or false';
    case 'string':
      return typeof value === 'string' ? null : 'a string';
    case 'array':
      return Array.isArray(value) ? null : 'an array';
    case 'function':
      return typeof value === 'function' ? null : 'a function';
    case 'bytes':
      return value instanceof Uint8Array ? null : 'a Uint8Array';
    case 'object':
      return isObject(value) ? null : 'an object';
    case 'map':
      return value instanceof Map ? null : 'a Map';
    case 'backend':
      return isObject(value) && typeof value.name === 'string' && typeof value.dispose === 'function' ? null : 'a Backend (openBackend, createCpuBackend, createWebGpuBackend)';
    case 'signal':
      return isObject(value) && typeof value.aborted === 'boolean' && typeof value.addEventListener === 'function' ? null : 'an AbortSignal';
    case 'random source':
      return isObject(value) && typeof value.nextU32 === 'function' ? null : 'a random source (an object with a nextU32 function)';
  }
}

/** Throws OptionsError unless `value` (the argument `name` of `fn`, or its option
 * `options.name`) fits `rule`. */
export function checkValue(fn: string, name: string, value: unknown, rule: OptionRule, label = name): void {
  const want = mismatch(rule, value);
  if (want !== null) throw new OptionsError(fn, name, `${label} must be ${want}, got ${describe(value)}`);
}

/**
 * Throws OptionsError unless `options` is an object whose every key is one of `rules` and holds
 * what its rule allows (undefined counts as absent), and every key of `required` is present.
 * `fn` names the public function in the message.
 */
export function checkOptions(fn: string, options: unknown, rules: Readonly<Record<string, OptionRule>>, required: readonly string[] = []): void {
  if (!isObject(options)) throw new OptionsError(fn, undefined, `options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(rules, key)) {
      throw new OptionsError(fn, key, `unknown option ${JSON.stringify(key)} (the options are ${Object.keys(rules).join(', ')})`);
    }
  }
  for (const [key, rule] of Object.entries(rules)) {
    const value = options[key];
    if (value === undefined) {
      if (required.includes(key)) throw new OptionsError(fn, key, `options.${key} is required`);
      continue;
    }
    checkValue(fn, key, value, rule, `options.${key}`);
  }
}
