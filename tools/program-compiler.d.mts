// Types of tools/program-compiler.mjs for vitest.config.ts.
/** The packed compilation (src/vm/program-pack.ts) of the zkDSL file at `path`. */
export function packedProgram(path: string): Promise<string>;
