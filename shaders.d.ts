// esbuild (and vitest, through the same plugin) inline every shader, and every zkDSL program the
// library compiles, as a string.
declare module '*.wgsl' {
  const source: string;
  export default source;
}

declare module '*.py' {
  const source: string;
  export default source;
}

// A zkDSL program compiled at build time: a function returning its packed form
// (src/vm/program-pack.ts), read on first call where the bundle carries it beside itself.
declare module '*.py?compiled' {
  const packed: () => string;
  export default packed;
}
