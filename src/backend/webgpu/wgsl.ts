// WGSL has no #include: a kernel's module is its source with the libraries it calls appended.
// Module-scope declarations may come in any order, so plain concatenation is enough.
export function wgsl(kernel: string, ...libs: string[]): string {
  return [kernel, ...libs].join('\n');
}
