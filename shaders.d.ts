// esbuild (and vitest, through the same plugin) inline every shader as a string.
declare module '*.wgsl' {
  const source: string;
  export default source;
}
