// A local mutation run (never in CI; minutes): for each mutant of a spec, rewrites one source file
// of this checkout in place (a check removed), runs the spec's test files, records which tests
// failed, and restores the file. A mutant no test kills is a check the suite does not prove.
//
//   node tools/mutate.mjs tools/mutations/aggregate-xmss.json [--only NAME] [--json OUT.json]
//
// A spec: { "file": path, "tests": [test files], "args"?: [vitest arguments, e.g. "-t", "arith"],
// "mutants": [{ "name", "file"?, "replace": [[from, to], ...] }] } (a mutant's own "file" overrides the spec's). Each `from` must occur exactly once in the file
// (the mutant is refused otherwise). A removed
// line is replaced by a blank one, so the source lines tests name stay where they were.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const specPath = args[0];
if (specPath === undefined) {
  console.error('usage: node tools/mutate.mjs SPEC.json [--only NAME] [--json OUT.json]');
  process.exit(2);
}
const flag = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const only = flag('--only');
const fileOf = (m) => m.file ?? spec.file;
const originals = new Map(spec.mutants.map((m) => [fileOf(m), readFileSync(fileOf(m), 'utf8')]));
const restore = () => { for (const [file, text] of originals) writeFileSync(file, text); };
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { child?.kill(); restore(); process.exit(130); });

function mutate(mutant) {
  let text = originals.get(fileOf(mutant));
  for (const [from, to] of mutant.replace) {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`mutant ${mutant.name}: ${JSON.stringify(from)} occurs ${at < 0 ? 0 : 'more than 1'} times in ${fileOf(mutant)}`);
    text = text.slice(0, at) + to + text.slice(at + from.length);
  }
  return text;
}

// Failed tests by name, from vitest's JSON report; a file that does not load counts as failed;
// no report at all is an error (the run is not counted as killing anything).
let child = null;
async function run() {
  const out = join(tmpdir(), `mutate-${process.pid}.json`);
  let stderr = '';
  const status = await new Promise((resolve) => {
    child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...spec.tests, ...(spec.args ?? []), '--reporter=json', `--outputFile=${out}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    child.on('exit', (code) => resolve(code));
  });
  child = null;
  let report;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return { status, error: `no report (exit ${status}): ${stderr.trim().split('\n').slice(-3).join(' / ')}`, failed: [] };
  } finally {
    rmSync(out, { force: true });
  }
  const failed = [];
  for (const f of report.testResults) {
    const bad = f.assertionResults.filter((t) => t.status === 'failed').map((t) => t.title);
    if (bad.length === 0 && f.status === 'failed') failed.push(`${f.name.split('/').pop()} (did not load: ${f.message.split('\n')[0]})`);
    failed.push(...bad);
  }
  return { status, failed };
}

const results = [];
try {
  const base = await run();
  if (base.status !== 0 || base.failed.length > 0 || base.error) throw new Error(`the unmutated tests fail: ${base.error ?? base.failed.join('; ')}`);
  for (const m of spec.mutants) {
    if (only !== undefined && m.name !== only) continue;
    writeFileSync(fileOf(m), mutate(m));
    const t0 = Date.now();
    const r = await run();
    restore();
    const killed = r.status !== 0 && r.failed.length > 0;
    results.push({ name: m.name, killed, error: r.error, failed: r.failed, seconds: (Date.now() - t0) / 1000 });
    console.log(`${killed ? 'killed  ' : r.error ? 'ERROR   ' : 'SURVIVED'} ${m.name}: ${r.error ?? `${r.failed.length} failed`}${r.failed.length ? ` (${r.failed.slice(0, 2).join('; ')}${r.failed.length > 2 ? '; …' : ''})` : ''}`);
  }
} finally {
  restore();
}
console.log(`\n| mutant (check removed) | killed | failing tests |\n|---|---|---|`);
for (const r of results) console.log(`| ${r.name} | ${r.killed ? 'yes' : r.error ? '**error**' : '**no**'} | ${r.error ?? `${r.failed.length}: ${r.failed.slice(0, 2).join('; ')}${r.failed.length > 2 ? '; …' : ''}`} |`);
const out = flag('--json');
if (out !== undefined) writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
process.exit(results.every((r) => r.killed) ? 0 : 1);
