// Prover-only hints a compiled program carries, keyed by pc and applied in order just before the
// instruction at that pc (leanVM-b's RHint). The verifier ignores them; a byte-identical prover
// needs them, since frames are hinted and memory placement follows from them. Every field is a
// frame offset except those named in HINT_COUNTS.

/** Each hint kind and its fields, in the JSON's names. */
export const HINT_FIELDS = {
  Alloc: ['ptr', 'size'],
  AllocDyn: ['ptr', 'size'],
  WitnessStack: ['name', 'base', 'len'],
  WitnessHeap: ['name', 'ptr', 'lo', 'len'],
  Log2Ceil: ['bits_ptr', 'dst', 'nbits', 'floor'],
  BitDecompose: ['value', 'bits_ptr', 'nbits'],
  BitDecomposeExp: ['value', 'bits_ptr', 'nbits'],
  FieldLimbs: ['value', 'base', 'len'],
  Inverse: ['value', 'dst'],
  Print: ['label', 'cell'],
} as const;

export type HintKind = keyof typeof HINT_FIELDS;

/** Fields that are strings rather than numbers. */
export const HINT_STRINGS: ReadonlySet<string> = new Set(['name', 'label']);

/** Numeric fields that are counts or constants, not frame offsets (per kind). */
export const HINT_COUNTS: Readonly<Record<HintKind, readonly string[]>> = {
  Alloc: ['size'],
  AllocDyn: [],
  WitnessStack: ['len'],
  WitnessHeap: ['lo', 'len'],
  Log2Ceil: ['nbits', 'floor'],
  BitDecompose: ['nbits'],
  BitDecomposeExp: ['nbits'],
  FieldLimbs: ['len'],
  Inverse: [],
  Print: [],
};

type Field<F> = F extends 'name' | 'label' ? string : number;
type HintOf<K extends HintKind> = { readonly kind: K } & { readonly [F in (typeof HINT_FIELDS)[K][number]]: Field<F> };

export type AllocHint = HintOf<'Alloc'>;
export type AllocDynHint = HintOf<'AllocDyn'>;
export type WitnessStackHint = HintOf<'WitnessStack'>;
export type WitnessHeapHint = HintOf<'WitnessHeap'>;
export type Log2CeilHint = HintOf<'Log2Ceil'>;
export type BitDecomposeHint = HintOf<'BitDecompose'>;
export type BitDecomposeExpHint = HintOf<'BitDecomposeExp'>;
export type FieldLimbsHint = HintOf<'FieldLimbs'>;
export type InverseHint = HintOf<'Inverse'>;
export type PrintHint = HintOf<'Print'>;

export type Hint =
  | AllocHint
  | AllocDynHint
  | WitnessStackHint
  | WitnessHeapHint
  | Log2CeilHint
  | BitDecomposeHint
  | BitDecomposeExpHint
  | FieldLimbsHint
  | InverseHint
  | PrintHint;
