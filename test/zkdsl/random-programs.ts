// Random small zkDSL programs for the compiler's property test, from a model of their own: the
// generator builds statements over named words, prints them as zkDSL source, and evaluates
// them directly in TypeScript with the field's arithmetic, never through the compiler. The
// program publishes two random-weight sums of every word main computes, so a wrong value
// anywhere shows in the public input the VM run derives.
//
// What a program may contain: witness inputs (128-bit words), literals, GEN ** k and f192
// constants; + * / and ** of words; calls of non-inline functions (one or two returns), of
// @inline functions and of Const-parameter functions; mul_range loops over a HeapBuf
// accumulator (compile-time and hinted, range-checked runtime bounds); unroll loops; if/else on
// a runtime equality (both outcomes occur); match over a hinted, range-checked index; BLAKE2s
// of input words and digests; asserts that hold.
import { type E, eAdd, eInv, eIsZero, eMul, eOne } from '../../src/field/e';
import { blake2s } from '../../src/hash/blake2s';
import { SplitMix64 } from '../../src/util/splitmix64';
import { f192, gPow, litWord } from '../../src/zkdsl/words';

type Expr =
  | { k: 'word'; name: string }
  | { k: 'const'; text: string; v: E }
  | { k: 'add' | 'mul' | 'div'; a: Expr; b: Expr }
  | { k: 'pow'; a: Expr; n: number }
  | { k: 'call'; f: Fn; args: Expr[]; konst?: number };

type Stmt =
  | { k: 'let'; name: string; e: Expr }
  | { k: 'tuple'; names: [string, string]; f: Fn; args: Expr[] }
  | { k: 'assert'; a: Expr; b: Expr }
  | { k: 'if'; a: Expr; b: Expr; yes: Expr; no: Expr; name: string }
  | { k: 'loop'; n: number; runtime: boolean; seed: Expr; a: Expr; b: Expr; name: string }
  | { k: 'unroll'; n: number; init: Expr; c: Expr; name: string }
  | { k: 'match'; cases: Expr[]; name: string }
  | { k: 'hash'; ins: [Expr, Expr, Expr, Expr]; names: [string, string] };

interface Fn {
  readonly name: string;
  readonly kind: 'plain' | 'inline' | 'const';
  readonly params: string[];
  readonly body: Stmt[];
  readonly rets: Expr[];
}

export interface RandomProgram {
  readonly source: string;
  /** The two words the program publishes, by direct evaluation. */
  readonly published: readonly [E, E];
}

class Rng {
  private readonly r: SplitMix64;
  constructor(seed: number) {
    this.r = new SplitMix64(seed);
  }
  u64(): bigint {
    const [lo, hi] = this.r.next();
    return BigInt(lo) | (BigInt(hi) << 32n);
  }
  int(n: number): number {
    return Number(this.u64() % BigInt(n));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chance(p: number): boolean {
    return this.int(1000) < p * 1000;
  }
}

// ---- evaluation (the programs' meaning) ----

type Env = Map<string, E>;

function evalExpr(e: Expr, env: Env): E {
  switch (e.k) {
    case 'word': {
      const v = env.get(e.name);
      if (v === undefined) throw new Error(`model: unbound ${e.name}`);
      return v;
    }
    case 'const':
      return e.v;
    case 'add':
      return eAdd(evalExpr(e.a, env), evalExpr(e.b, env));
    case 'mul':
      return eMul(evalExpr(e.a, env), evalExpr(e.b, env));
    case 'div':
      return eMul(evalExpr(e.a, env), eInv(evalExpr(e.b, env)));
    case 'pow': {
      const b = evalExpr(e.a, env);
      let acc = eOne();
      for (let i = 0; i < e.n; i++) acc = eMul(acc, b);
      return acc;
    }
    case 'call':
      return callFn(e.f, e.args.map((a) => evalExpr(a, env)), e.konst)[0];
  }
}

function callFn(f: Fn, args: E[], konst?: number): E[] {
  const env: Env = new Map(f.params.map((p, i) => [p, args[i]]));
  if (konst !== undefined) env.set('k', litWord(BigInt(konst)));
  runBlock(f.body, env);
  return f.rets.map((r) => evalExpr(r, env));
}

/** 128-bit words as the 16 little-endian bytes BLAKE2s reads. */
function bytesOf(ws: E[]): Uint8Array {
  const b = new Uint8Array(16 * ws.length);
  const v = new DataView(b.buffer);
  ws.forEach((w, j) => {
    for (let i = 0; i < 4; i++) v.setUint32(16 * j + 4 * i, w[i], true);
  });
  return b;
}

function digestCells(d: Uint8Array): [E, E] {
  const v = new DataView(d.buffer, d.byteOffset);
  const cell = (o: number) => Uint32Array.of(v.getUint32(o, true), v.getUint32(o + 4, true), v.getUint32(o + 8, true), v.getUint32(o + 12, true), 0, 0);
  return [cell(0), cell(16)];
}

function runBlock(body: readonly Stmt[], env: Env): void {
  for (const s of body) {
    switch (s.k) {
      case 'let':
        env.set(s.name, evalExpr(s.e, env));
        break;
      case 'tuple': {
        const r = callFn(s.f, s.args.map((a) => evalExpr(a, env)));
        env.set(s.names[0], r[0]);
        env.set(s.names[1], r[1]);
        break;
      }
      case 'assert':
        break;
      case 'if': {
        const eq = evalExpr(s.a, env).every((w, i) => w === evalExpr(s.b, env)[i]);
        env.set(s.name, evalExpr(eq ? s.yes : s.no, env));
        break;
      }
      case 'loop': {
        // acc[g^0] = seed; acc[g^(j+1)] = acc[g^j] * a + g^j * b, for j < n.
        let acc = evalExpr(s.seed, env);
        const a = evalExpr(s.a, env);
        const b = evalExpr(s.b, env);
        for (let j = 0; j < s.n; j++) acc = eAdd(eMul(acc, a), eMul(gPow(j), b));
        env.set(s.name, acc);
        break;
      }
      case 'unroll': {
        let acc = evalExpr(s.init, env);
        const c = evalExpr(s.c, env);
        for (let j = 0; j < s.n; j++) acc = eAdd(eMul(acc, c), litWord(BigInt(j)));
        env.set(s.name, acc);
        break;
      }
      case 'match': {
        const j = Number(evalExprIndex(env));
        env.set(s.name, evalExpr(s.cases[j], env));
        break;
      }
      case 'hash': {
        const [d0, d1] = digestCells(blake2s(bytesOf(s.ins.map((e) => evalExpr(e, env)))));
        env.set(s.names[0], d0);
        env.set(s.names[1], d1);
        break;
      }
    }
  }
}

// The hinted match index lives in the environment as its integer.
const MATCH_INDEX = '__match_index';
function evalExprIndex(env: Env): bigint {
  return BigInt(env.get(MATCH_INDEX)![0]);
}

// ---- printing ----

/** Counters for the names the printer makes, and the witness streams it asks for. */
interface Ids {
  n: number;
  streams: [string, string][];
}

function show(e: Expr): string {
  switch (e.k) {
    case 'word':
      return e.name;
    case 'const':
      return e.text;
    case 'add':
      return `(${show(e.a)} + ${show(e.b)})`;
    case 'mul':
      return `${show(e.a)} * ${show(e.b)}`;
    case 'div':
      return `(${show(e.a)}) / (${show(e.b)})`;
    case 'pow':
      return `(${show(e.a)}) ** ${e.n}`;
    case 'call':
      return `${e.f.name}(${[...e.args.map(show), ...(e.konst !== undefined ? [String(e.konst)] : [])].join(', ')})`;
  }
}

function printBlock(body: readonly Stmt[], ind: string, out: string[], ids: Ids): void {
  for (const s of body) {
    switch (s.k) {
      case 'let':
        out.push(`${ind}${s.name} = ${show(s.e)}`);
        break;
      case 'tuple':
        out.push(`${ind}${s.names[0]}, ${s.names[1]} = ${s.f.name}(${s.args.map(show).join(', ')})`);
        break;
      case 'assert':
        out.push(`${ind}assert ${show(s.a)} == ${show(s.b)}`);
        break;
      case 'if': {
        const r = `r${ids.n++}`;
        out.push(`${ind}${r} = HeapBuf(1)`, `${ind}if ${show(s.a)} == ${show(s.b)}:`, `${ind}    ${r}[1] = ${show(s.yes)}`, `${ind}else:`, `${ind}    ${r}[1] = ${show(s.no)}`, `${ind}${s.name} = ${r}[1]`);
        break;
      }
      case 'loop': {
        const acc = `acc${ids.n++}`;
        out.push(`${ind}${acc} = HeapBuf(${s.n + 1})`, `${ind}${acc}[1] = ${show(s.seed)}`);
        let bound = `GEN ** ${s.n}`;
        if (s.runtime) {
          // The bound from the witness, range-checked before the walk.
          const nb = `nb${ids.n++}`;
          out.push(`${ind}${nb} = StackBuf(1)`, `${ind}hint_witness(${nb}, "${nb}")`, `${ind}assert log(${nb}[0]) < ${s.n + 1}`);
          bound = `${nb}[0]`;
          ids.streams.push([nb, `GEN ** ${s.n}`]);
        }
        out.push(`${ind}for i in mul_range(1, ${bound}):`, `${ind}    ${acc}[i * GEN] = ${acc}[i] * ${show(s.a)} + i * ${show(s.b)}`, `${ind}${s.name} = ${acc}[GEN ** ${s.n}]`);
        break;
      }
      case 'unroll':
        out.push(`${ind}${s.name} = ${show(s.init)}`, `${ind}for j in unroll(0, ${s.n}):`, `${ind}    ${s.name} = ${s.name} * ${show(s.c)} + j`);
        break;
      case 'match': {
        const r = `m${ids.n++}`;
        out.push(`${ind}${r} = HeapBuf(1)`, `${ind}match log(mi[0]):`);
        s.cases.forEach((c, j) => out.push(`${ind}    case ${j}:`, `${ind}        ${r}[1] = ${show(c)}`));
        out.push(`${ind}${s.name} = ${r}[1]`);
        break;
      }
      case 'hash': {
        const blk = `blk${ids.n++}`;
        const d = `d${ids.n++}`;
        out.push(`${ind}${blk} = [${s.ins.map(show).join(', ')}]`, `${ind}${d} = StackBuf(2)`, `${ind}blake2s(${blk}[0:2], ${blk}[2:4], ${d})`, `${ind}${s.names[0]} = ${d}[0]`, `${ind}${s.names[1]} = ${d}[1]`);
        break;
      }
    }
  }
}


// ---- generation ----

const wordText = (w: E) => {
  const l = (i: number) => BigInt(w[2 * i]) | (BigInt(w[2 * i + 1]) << 32n);
  return `f192(${l(0)}, ${l(1)}, ${l(2)})`;
};

class Gen {
  private fresh = 0;
  constructor(readonly rng: Rng) {}

  name(prefix: string): string {
    return `${prefix}${this.fresh++}`;
  }

  constant(): Expr {
    const r = this.rng;
    switch (r.int(4)) {
      case 0: {
        const v = r.u64() % 1000n;
        return { k: 'const', text: String(v), v: litWord(v) };
      }
      case 1: {
        const k = r.int(300);
        return { k: 'const', text: `GEN ** ${k}`, v: gPow(k) };
      }
      case 2: {
        const v = f192(r.u64(), r.u64(), r.u64());
        return { k: 'const', text: wordText(v), v };
      }
      default: {
        const v = (r.u64() << 64n) | r.u64();
        return { k: 'const', text: String(v), v: litWord(v) };
      }
    }
  }

  /** An expression over `words` of depth at most d; divisors are checked nonzero in `env`. */
  expr(words: readonly string[], env: Env, d: number, fns: readonly Fn[] = []): Expr {
    const r = this.rng;
    if (d <= 0 || r.chance(0.25)) return words.length > 0 && r.chance(0.8) ? { k: 'word', name: r.pick(words) } : this.constant();
    const sub = () => this.expr(words, env, d - 1, fns);
    const callable = fns.filter((f) => f.rets.length === 1);
    const choice = r.int(callable.length > 0 ? 6 : 5);
    if (choice === 0) return { k: 'add', a: sub(), b: sub() };
    if (choice === 1 || choice === 4) return { k: 'mul', a: sub(), b: sub() };
    if (choice === 2) {
      const b = sub();
      if (eIsZero(evalExpr(b, env))) return { k: 'add', a: sub(), b };
      return { k: 'div', a: sub(), b };
    }
    if (choice === 3) return { k: 'pow', a: sub(), n: r.int(9) };
    const f = r.pick(callable);
    if (f.kind === 'const') return { k: 'call', f, args: [sub()], konst: r.int(4) };
    return { k: 'call', f, args: f.params.map(() => sub()) };
  }

  /** An expression in K (JUMP conditions must be): K-valued words and constants, + and *. */
  kexpr(kwords: readonly string[], d: number): Expr {
    const r = this.rng;
    if (d <= 0 || r.chance(0.3)) {
      if (kwords.length > 0 && r.chance(0.7)) return { k: 'word', name: r.pick(kwords) };
      if (r.chance(0.5)) {
        const k = r.int(300);
        return { k: 'const', text: `GEN ** ${k}`, v: gPow(k) };
      }
      const v = r.u64();
      return { k: 'const', text: String(v), v: litWord(v) };
    }
    return { k: r.chance(0.5) ? 'add' : 'mul', a: this.kexpr(kwords, d - 1), b: this.kexpr(kwords, d - 1) };
  }

  /** A helper function of the given kind over its parameters (its body has no calls). */
  fn(kind: Fn['kind'], id: number): Fn {
    const params = kind === 'const' ? ['x'] : ['x', 'y'];
    const words = [...params, ...(kind === 'const' ? ['k'] : [])];
    const body: Stmt[] = [];
    const env: Env = new Map(words.map((w) => [w, litWord(BigInt(w.charCodeAt(0)))]));
    const locals = [...words];
    for (let i = 0; i < this.rng.int(3); i++) {
      const name = `t${i}`;
      const e = this.expr(locals, env, 2);
      body.push({ k: 'let', name, e });
      env.set(name, evalExpr(e, env));
      locals.push(name);
    }
    // Division inside a function could meet a zero the caller passes: keep them division-free.
    const noDiv = (e: Expr): Expr => (e.k === 'div' ? { k: 'mul', a: noDiv(e.a), b: noDiv(e.b) } : e.k === 'add' || e.k === 'mul' ? { ...e, a: noDiv(e.a), b: noDiv(e.b) } : e.k === 'pow' ? { ...e, a: noDiv(e.a) } : e);
    body.forEach((s) => s.k === 'let' && (s.e = noDiv(s.e)));
    const nRets = kind === 'plain' && this.rng.chance(0.5) ? 2 : 1;
    const rets = Array.from({ length: nRets }, () => noDiv(this.expr(locals, env, 2)));
    const prefix = { plain: 'f', inline: 'g', const: 'h' }[kind];
    return { name: `${prefix}${id}`, kind, params, body, rets };
  }
}

/** A random program from `seed`: its source and what it publishes. */
export function randomProgram(seed: number): RandomProgram {
  const rng = new Rng(seed);
  const g = new Gen(rng);
  const fns: Fn[] = [];
  const kinds: Fn['kind'][] = ['plain', 'inline', 'const'];
  for (let i = 0; i < rng.int(4); i++) fns.push(g.fn(rng.pick(kinds), i));

  const nIn = 4 + rng.int(3);
  const inputs = Array.from({ length: nIn }, () => litWord((rng.u64() << 64n) | rng.u64()));
  const env: Env = new Map();
  const words: string[] = [];
  const main: Stmt[] = [];
  inputs.forEach((v, i) => {
    const name = `w${i}`;
    env.set(name, v);
    words.push(name);
  });
  // K-valued inputs, for branch conditions.
  const nK = 2 + rng.int(2);
  const kInputs = Array.from({ length: nK }, () => litWord(rng.u64()));
  const kwords: string[] = [];
  kInputs.forEach((v, i) => {
    env.set(`k${i}`, v);
    kwords.push(`k${i}`);
  });
  const matchIndex = rng.int(3);
  env.set(MATCH_INDEX, litWord(BigInt(matchIndex)));

  // Words held in a cell at run time. A mul_range body is a frame of its own that captures
  // only those (a name bound to a compile-time constant is not passed in), so loop bodies read
  // runtime words alone.
  const runtime = new Set(words);
  const isRuntime = (e: Expr): boolean => {
    switch (e.k) {
      case 'word':
        return runtime.has(e.name);
      case 'const':
        return false;
      case 'pow':
        return isRuntime(e.a);
      case 'call':
        return e.f.kind !== 'inline';
      default:
        return isRuntime(e.a) || isRuntime(e.b);
    }
  };
  const add = (s: Stmt, names: string[]) => {
    main.push(s);
    runBlock([s], env);
    words.push(...names);
    const held = s.k === 'let' ? isRuntime(s.e) : s.k === 'unroll' ? isRuntime(s.init) || (s.n > 0 && isRuntime(s.c)) : true;
    if (held) names.forEach((n) => runtime.add(n));
  };
  const nStmts = 3 + rng.int(8);
  for (let i = 0; i < nStmts; i++) {
    const e = () => g.expr(words, env, 3, fns);
    const name = g.name('v');
    switch (rng.int(10)) {
      case 0: {
        const plain = fns.filter((f) => f.kind === 'plain' && f.rets.length === 2);
        if (plain.length > 0) {
          const f = rng.pick(plain);
          add({ k: 'tuple', names: [name, `${name}b`], f, args: f.params.map(e) }, [name, `${name}b`]);
          break;
        }
        add({ k: 'let', name, e: e() }, [name]);
        break;
      }
      case 1: {
        // Equal sides half the time: the same expression twice.
        const a = g.kexpr(kwords, 2);
        add({ k: 'if', a, b: rng.chance(0.5) ? a : g.kexpr(kwords, 2), yes: e(), no: e(), name }, [name]);
        break;
      }
      case 2:
        const inBody = () => g.expr([...runtime], env, 3, fns);
        add({ k: 'loop', n: 1 + rng.int(6), runtime: rng.chance(0.4), seed: e(), a: inBody(), b: inBody(), name }, [name]);
        break;
      case 3:
        add({ k: 'unroll', n: rng.int(5), init: e(), c: e(), name }, [name]);
        break;
      case 4:
        add({ k: 'match', cases: [e(), e(), e()], name }, [name]);
        break;
      case 5: {
        // BLAKE2s reads 128-bit chunks: inputs and digests only.
        const h128 = words.filter((w) => /^w\d+$/.test(w) || /d[01]$/.test(w));
        const pickW = (): Expr => ({ k: 'word', name: rng.pick(h128) });
        add({ k: 'hash', ins: [pickW(), pickW(), pickW(), pickW()], names: [`${name}d0`, `${name}d1`] }, [`${name}d0`, `${name}d1`]);
        break;
      }
      case 6: {
        const a = e();
        add({ k: 'let', name, e: a }, [name]);
        main.push({ k: 'assert', a: { k: 'word', name }, b: a });
        break;
      }
      default:
        add({ k: 'let', name, e: e() }, [name]);
    }
  }

  // Publish two random-weight sums of every word main holds.
  const sums: E[] = [];
  const out: string[] = [];
  for (const target of ['pub[1]', 'pub[GEN]']) {
    let acc: E = new Uint32Array(6);
    const terms = words.map((w) => {
      const c = f192(rng.u64(), rng.u64(), rng.u64());
      acc = eAdd(acc, eMul(c, env.get(w)!));
      return `${wordText(c)} * ${w}`;
    });
    out.push(`    ${target} = ${terms.join(' + ')}`);
    sums.push(acc);
  }

  const lines: string[] = [`# random program ${seed}`, 'from snark_lib import *', ''];
  const ids: Ids = { n: 0, streams: [] };
  const body: string[] = [];
  body.push(`    inp = StackBuf(${nIn})`, '    hint_witness(inp, "inp")');
  inputs.forEach((_, i) => body.push(`    w${i} = inp[${i}]`));
  body.push(`    kin = StackBuf(${nK})`, '    hint_witness(kin, "kin")');
  kInputs.forEach((_, i) => body.push(`    k${i} = kin[${i}]`, `    assert_in_k(k${i}, k${i})`));
  body.push('    mi = StackBuf(1)', '    hint_witness(mi, "mi")', '    assert log(mi[0]) < 3');
  printBlock(main, '    ', body, ids);
  body.push('    pub = GEN ** 0', ...out, '    return');

  const dec = (w: E) => String((BigInt(w[0]) | (BigInt(w[1]) << 32n)) | ((BigInt(w[2]) | (BigInt(w[3]) << 32n)) << 64n));
  const header = [`# witness inp: ${inputs.map(dec).join(', ')}`, `# witness kin: ${kInputs.map(dec).join(', ')}`, `# witness mi: GEN ** ${matchIndex}`, ...ids.streams.map(([n, v]) => `# witness ${n}: ${v}`)];
  for (const f of fns) {
    const fl: string[] = [];
    if (f.kind === 'inline') fl.push('@inline');
    fl.push(`def ${f.name}(${f.params.join(', ')}${f.kind === 'const' ? ', k: Const' : ''}):`);
    printBlock(f.body, '    ', fl, ids);
    fl.push(`    return ${f.rets.map(show).join(', ')}`, '');
    lines.push(...fl, '');
  }
  lines.push('def main():', ...body, '');
  return { source: [...header, ...lines].join('\n'), published: [sums[0], sums[1]] };
}
