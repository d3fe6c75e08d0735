// Every compute pipeline of the WebGPU backend, in one table. Bind group layouts are declared
// here rather than derived from the shaders ('auto' layouts), so a binding that drifts from its
// WGSL declaration fails test/webgpu/layouts.test.ts instead of a dispatch.
import fieldMul from '../../../shaders/field_mul.wgsl';
import gather from '../../../shaders/gather.wgsl';
import blake2s from '../../../shaders/lib/blake2s.wgsl';
import gf192 from '../../../shaders/lib/gf192.wgsl';
import gf64 from '../../../shaders/lib/gf64.wgsl';
import merkle from '../../../shaders/merkle.wgsl';
import ntt from '../../../shaders/ntt.wgsl';
import stack from '../../../shaders/stack.wgsl';
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
  merkleLeaves: {
    module: MERKLE,
    entryPoint: 'merkle_leaves',
    bindings: [...MERKLE_NODES, { name: 'rows', type: 'read-only-storage' }],
  },
  merkleNodes: { module: MERKLE, entryPoint: 'merkle_nodes', bindings: MERKLE_NODES },
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
} as const satisfies Record<string, KernelSpec>;

export type KernelName = keyof typeof KERNELS;
