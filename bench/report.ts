// Every bench prints one table and writes one JSON file under bench/results/, with the machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BackendReport } from '../host/node/backends';

export interface BenchRow {
  backend: string;
  [column: string]: string | number;
}

export function machine(backends: BackendReport[]) {
  return {
    platform: `${platform()} ${arch()}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    backends: backends.map((b) => ({ name: b.name, usable: b.usable, reason: b.reason })),
  };
}

function cell(v: string | number): string {
  if (typeof v === 'string') return v;
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3);
}

export function printTable(title: string, rows: BenchRow[]) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => cols.map((c) => (r[c] === undefined ? '' : cell(r[c]))));
  const width = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  console.log(`\n${title}`);
  console.log(cols.map((c, i) => c.padStart(width[i])).join('  '));
  for (const r of cells) console.log(r.map((v, i) => v.padStart(width[i])).join('  '));
}

/** Writes bench/results/<name>-<timestamp>.json and returns its path. */
export function writeResults(name: string, payload: object): string {
  const dir = join('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(path, JSON.stringify(payload, null, 2));
  return path;
}
