// The bind group layouts declared in kernels.ts against the shaders' own @group/@binding
// declarations (parsed with wgsl_reflect, no GPU needed), and the dispatch grid arithmetic.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { dispatchGrid } from '../../src/backend/webgpu/grid';
import { KERNELS, WORKGROUP_SIZE, type BindingSpec } from '../../src/backend/webgpu/kernels';
import { ResourceType, WgslReflect } from 'wgsl_reflect';

const SHADERS = new URL('../../shaders/', import.meta.url);

/** How WGSL declares a variable of each WebGPU binding type. */
const DECLARED: Record<BindingSpec['type'], { resourceType: ResourceType; access?: string }> = {
  uniform: { resourceType: ResourceType.Uniform },
  'read-only-storage': { resourceType: ResourceType.Storage, access: 'read' },
  storage: { resourceType: ResourceType.Storage, access: 'read_write' },
};

describe('kernel table', () => {
  for (const [name, spec] of Object.entries(KERNELS)) {
    test(`${name}: the declared layout is what ${spec.entryPoint} binds`, () => {
      const entry = new WgslReflect(spec.module).entry.compute.find((f) => f.name === spec.entryPoint);
      expect(entry, `no @compute fn ${spec.entryPoint}`).toBeDefined();
      expect(entry!.workgroupSize).toEqual([WORKGROUP_SIZE, 1, 1]);
      const used = entry!.resources
        .map((v) => ({ group: v.group, binding: v.binding, name: v.name, resourceType: v.resourceType, access: v.access }))
        .sort((x, y) => x.binding - y.binding);
      const declared = spec.bindings.map(({ name, type }, binding) => {
        const { resourceType, access } = DECLARED[type];
        return { group: 0, binding, name, resourceType, access: access ?? expect.any(String) };
      });
      expect(used).toEqual(declared);
    });
  }

  test('every kernel shader is in the table', () => {
    const modules = Object.values(KERNELS).map((k) => k.module);
    const kernels = readdirSync(SHADERS).filter((f) => f.endsWith('.wgsl'));
    expect(kernels.length).toBeGreaterThan(0);
    for (const file of kernels) {
      const src = readFileSync(new URL(file, SHADERS), 'utf8');
      expect(modules.some((m) => m.includes(src)), `${file} is in no KERNELS entry`).toBe(true);
    }
  });

  test('the libraries parse alone and declare no bindings', () => {
    for (const file of readdirSync(new URL('lib/', SHADERS))) {
      const r = new WgslReflect(readFileSync(new URL(`lib/${file}`, SHADERS), 'utf8'));
      expect(r.functions.length, file).toBeGreaterThan(0);
      expect([...r.uniforms, ...r.storage], file).toEqual([]);
    }
  });
});

describe('dispatchGrid', () => {
  test('one row while the groups fit, balanced rows past the limit', () => {
    expect(dispatchGrid(1, 65535)).toEqual([1, 1]);
    expect(dispatchGrid(256 * 65535, 65535)).toEqual([65535, 1]);
    expect(dispatchGrid(1 << 24, 65535)).toEqual([32768, 2]);
    for (const max of [1, 2, 3, 7, 100]) {
      const last = WORKGROUP_SIZE * max * max;
      for (let count = 1; count <= last; count += Math.ceil(last / 500)) {
        const [x, y] = dispatchGrid(count, max);
        expect(x).toBeLessThanOrEqual(max);
        expect(y).toBeLessThanOrEqual(max);
        expect(x * y * WORKGROUP_SIZE).toBeGreaterThanOrEqual(count);
        // No whole row of groups is idle.
        expect((x * (y - 1)) * WORKGROUP_SIZE).toBeLessThan(count);
      }
    }
  });

  test('rejects counts past a square grid', () => {
    expect(() => dispatchGrid(256 * 4 + 1, 2)).toThrow(/exceed a 2² grid/);
  });
});
