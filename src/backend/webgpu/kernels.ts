// Every compute pipeline of the WebGPU backend, in one table. Bind group layouts are declared
// here rather than derived from the shaders ('auto' layouts), so a binding that drifts from its
// WGSL declaration fails test/webgpu/layouts.test.ts instead of a dispatch.
import addScaled from '../../../shaders/add_scaled.wgsl';
import eqTable from '../../../shaders/eq_table.wgsl';
import fieldMul from '../../../shaders/field_mul.wgsl';
import fold from '../../../shaders/fold.wgsl';
import foldBits from '../../../shaders/fold_bits.wgsl';
import flockWitness from '../../../shaders/flock_witness.wgsl';
import gather from '../../../shaders/gather.wgsl';
import grind from '../../../shaders/grind.wgsl';
import blake2s from '../../../shaders/lib/blake2s.wgsl';
import gf192 from '../../../shaders/lib/gf192.wgsl';
import gf64 from '../../../shaders/lib/gf64.wgsl';
import pairs from '../../../shaders/lib/pairs.wgsl';
import partials from '../../../shaders/lib/partials.wgsl';
import merkle from '../../../shaders/merkle.wgsl';
import ntt from '../../../shaders/ntt.wgsl';
import partialSums from '../../../shaders/partial_sums.wgsl';
import phiMap from '../../../shaders/phi_map.wgsl';
import queryWeights from '../../../shaders/query_weights.wgsl';
import roundSums from '../../../shaders/round_sums.wgsl';
import skipPass from '../../../shaders/skip_pass.wgsl';
import stack from '../../../shaders/stack.wgsl';
import subsetSums from '../../../shaders/subset_sums.wgsl';
import vmForm from '../../../shaders/lib/vm_form.wgsl';
import vmPairs from '../../../shaders/lib/vm_pairs.wgsl';
import vmSources from '../../../shaders/lib/vm_sources.wgsl';
import vmFormPairs from '../../../shaders/vm_form_pairs.wgsl';
import vmFormPairsInPlace from '../../../shaders/vm_form_pairs_in_place.wgsl';
import vmFormRows from '../../../shaders/vm_form_rows.wgsl';
import vmOnes from '../../../shaders/vm_ones.wgsl';
import vmPowers from '../../../shaders/vm_powers.wgsl';
import vmProducts from '../../../shaders/vm_products.wgsl';
import vmQuartic from '../../../shaders/vm_quartic.wgsl';
import vmValues from '../../../shaders/vm_values.wgsl';
import zerocheck from '../../../shaders/zerocheck.wgsl';
import zerocheckEntries from '../../../shaders/zerocheck_entries.wgsl';
import { wgsl } from './wgsl';

/** Invocations per workgroup of every kernel (each shader's WORKGROUP_SIZE). */
export const WORKGROUP_SIZE = 256;

/** One buffer binding: the WGSL variable's name and its WebGPU binding type. */
export interface BindingSpec {
  readonly name: string;
  readonly type: GPUBufferBindingType;
}

export interface KernelSpec {
  /** The whole shader module: kernel source plus the libraries it calls. */
  readonly module: string;
  readonly entryPoint: string;
  /** `@group(0) @binding(i)` is `bindings[i]`. */
  readonly bindings: readonly BindingSpec[];
}

/** Bindings read-only storage first, then writable storage, then the uniform if any. */
function io(reads: readonly string[], writes: readonly string[], uniform?: string): BindingSpec[] {
  return [
    ...reads.map((name): BindingSpec => ({ name, type: 'read-only-storage' })),
    ...writes.map((name): BindingSpec => ({ name, type: 'storage' })),
    ...(uniform === undefined ? [] : [{ name: uniform, type: 'uniform' } as const]),
  ];
}

const FIELD_MUL = wgsl(fieldMul, gf64, gf192);

const ELEMENTWISE: readonly BindingSpec[] = [
  { name: 'a', type: 'read-only-storage' },
  { name: 'b', type: 'read-only-storage' },
  { name: 'out', type: 'storage' },
  { name: 'params', type: 'uniform' },
];

const NTT = wgsl(ntt, gf64);
const NTT_PASS: readonly BindingSpec[] = [
  { name: 'data', type: 'storage' },
  { name: 'twiddles', type: 'read-only-storage' },
  { name: 'params', type: 'uniform' },
];

const MERKLE = wgsl(merkle, blake2s);
const MERKLE_NODES: readonly BindingSpec[] = [
  { name: 'tree', type: 'storage' },
  { name: 'params', type: 'uniform' },
];

const ROUND_SUMS = wgsl(roundSums, pairs, partials, gf64, gf192);
const ROUND_SUMS_BINDINGS = io(['f', 'f_hi', 'b', 'b_hi'], ['partials'], 'params');

const FOLD = wgsl(fold, pairs, gf64, gf192);
const FOLD_BINDINGS = io(['src', 'src_hi'], ['out'], 'params');

const QUERY_WEIGHTS = wgsl(queryWeights);

const SKIP_PASS = wgsl(skipPass, gf64, gf192);

export const KERNELS = {
  mulK: { module: FIELD_MUL, entryPoint: 'mul_k', bindings: ELEMENTWISE },
  mulE: { module: FIELD_MUL, entryPoint: 'mul_e', bindings: ELEMENTWISE },
  stackTile: {
    module: stack,
    entryPoint: 'stack_tile',
    bindings: [
      { name: 'codeword', type: 'storage' },
      { name: 'msg', type: 'read-only-storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  nttRadix2: { module: NTT, entryPoint: 'ntt_radix2', bindings: NTT_PASS },
  nttRadix4: { module: NTT, entryPoint: 'ntt_radix4', bindings: NTT_PASS },
  nttRadix8: { module: NTT, entryPoint: 'ntt_radix8', bindings: NTT_PASS },
  nttRadix16: { module: NTT, entryPoint: 'ntt_radix16', bindings: NTT_PASS },
  nttRadix2Transposed: { module: NTT, entryPoint: 'ntt_radix2_transposed', bindings: NTT_PASS },
  nttRadix2Split: { module: NTT, entryPoint: 'ntt_radix2_split', bindings: io(['split_twiddles'], ['lo', 'hi'], 'split') },
  merkleLeaves: {
    module: MERKLE,
    entryPoint: 'merkle_leaves',
    bindings: [...MERKLE_NODES, { name: 'rows', type: 'read-only-storage' }],
  },
  merkleNodes: { module: MERKLE, entryPoint: 'merkle_nodes', bindings: [...MERKLE_NODES, { name: 'children', type: 'storage' }] },
  grind: {
    module: wgsl(grind, blake2s),
    entryPoint: 'grind',
    bindings: [
      { name: 'found', type: 'storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  gatherRecords: {
    module: gather,
    entryPoint: 'gather_records',
    bindings: [
      { name: 'src', type: 'read-only-storage' },
      { name: 'index', type: 'read-only-storage' },
      { name: 'out', type: 'storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  roundSumsK: { module: ROUND_SUMS, entryPoint: 'round_sums_k', bindings: ROUND_SUMS_BINDINGS },
  roundSumsE: { module: ROUND_SUMS, entryPoint: 'round_sums_e', bindings: ROUND_SUMS_BINDINGS },
  foldK: { module: FOLD, entryPoint: 'fold_k', bindings: FOLD_BINDINGS },
  foldE: { module: FOLD, entryPoint: 'fold_e', bindings: FOLD_BINDINGS },
  eqStep: {
    module: wgsl(eqTable, gf64, gf192),
    entryPoint: 'eq_step',
    bindings: [
      { name: 'table', type: 'storage' },
      { name: 'params', type: 'uniform' },
      { name: 'table_hi', type: 'storage' },
    ],
  },
  phiMap: {
    module: phiMap,
    entryPoint: 'phi_map',
    bindings: [
      { name: 'table', type: 'storage' },
      { name: 'phi', type: 'read-only-storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  addScaled: {
    module: wgsl(addScaled, gf64, gf192),
    entryPoint: 'add_scaled',
    bindings: [
      { name: 'acc', type: 'storage' },
      { name: 'src', type: 'read-only-storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  scatterPoints: {
    module: QUERY_WEIGHTS,
    entryPoint: 'scatter_points',
    bindings: [
      { name: 'data', type: 'storage' },
      { name: 'points', type: 'read-only-storage' },
      { name: 'scatter', type: 'uniform' },
    ],
  },
  sumTiles: {
    module: QUERY_WEIGHTS,
    entryPoint: 'sum_tiles',
    bindings: [
      { name: 'domain', type: 'read-only-storage' },
      { name: 'message', type: 'storage' },
      { name: 'tile', type: 'uniform' },
    ],
  },
  zerocheckSums: {
    module: wgsl(zerocheck, partials, gf64, gf192),
    entryPoint: 'zerocheck_sums',
    bindings: [
      { name: 'a', type: 'read-only-storage' },
      { name: 'b', type: 'read-only-storage' },
      { name: 'c', type: 'read-only-storage' },
      { name: 'eq', type: 'read-only-storage' },
      { name: 'partials', type: 'storage' },
      { name: 'params', type: 'uniform' },
    ],
  },
  sumPartials: { module: partialSums, entryPoint: 'sum_partials', bindings: io(['partials'], ['total'], 'params') },
  subsetSums: { module: subsetSums, entryPoint: 'subset_sums', bindings: io(['basis'], ['out'], 'params') },
  flockWitness: { module: flockWitness, entryPoint: 'flock_witness', bindings: io(['messages', 'headers'], ['z', 'a', 'b'], 'params') },
  skipMasks: { module: SKIP_PASS, entryPoint: 'skip_masks', bindings: io(['col_a', 'col_b', 'col_c', 'lt'], ['records'], 'mask_params') },
  skipResolve: { module: SKIP_PASS, entryPoint: 'skip_resolve', bindings: io(['folded', 'lo', 'phi_basis'], ['sums']) },
  zerocheckEntries: { module: zerocheckEntries, entryPoint: 'zerocheck_entries', bindings: io(['col', 'tables'], ['out'], 'params') },
  foldBits: { module: foldBits, entryPoint: 'fold_bits', bindings: io(['src', 'tables'], ['partials'], 'params') },
  foldBitsSum: { module: foldBits, entryPoint: 'fold_bits_sum', bindings: io(['run_sums'], ['sums'], 'sum_params') },
  vmOnes: { module: vmOnes, entryPoint: 'vm_ones', bindings: io([], ['out'], 'params') },
  vmPowers: { module: wgsl(vmPowers, gf64), entryPoint: 'vm_powers', bindings: io([], ['out'], 'params') },
  vmProducts: { module: wgsl(vmProducts, gf64, gf192), entryPoint: 'vm_products', bindings: io(['src'], ['out'], 'params') },
  vmQuartic: { module: wgsl(vmQuartic, partials, gf64, gf192), entryPoint: 'vm_quartic', bindings: io(['rows', 'eq'], ['out', 'partials'], 'params') },
  vmFormRows: { module: wgsl(vmFormRows, vmSources, vmForm, gf64, gf192), entryPoint: 'vm_form_rows', bindings: io(['src0', 'src1', 'src2', 'form'], ['out'], 'params') },
  vmFormPairs: {
    module: wgsl(vmFormPairs, vmPairs, vmSources, vmForm, partials, gf64, gf192),
    entryPoint: 'vm_form_pairs',
    bindings: io(['src0', 'src1', 'src2', 'eq', 'form'], ['out', 'partials'], 'params'),
  },
  vmValues: { module: wgsl(vmValues, vmSources, vmForm, gf64, gf192), entryPoint: 'vm_values', bindings: io(['src0', 'src1', 'src2', 'form'], ['out'], 'params') },
  vmFormPairsInPlace: {
    module: wgsl(vmFormPairsInPlace, vmPairs, vmForm, partials, gf64, gf192),
    entryPoint: 'vm_form_pairs_in_place',
    bindings: io(['eq', 'form'], ['cols', 'partials'], 'params'),
  },
} as const satisfies Record<string, KernelSpec>;

export type KernelName = keyof typeof KERNELS;
