// The repository's own text files, for the tests that read the source as text (citations,
// floors): walked from fixed roots, skipping dependencies, build outputs and compressed data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

const ROOTS = ['src', 'shaders', 'host', 'test', 'bench', 'tools', 'docs', 'examples', 'programs', '.ci', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', 'results']);
const TEXT = /\.(ts|mjs|js|md|wgsl|py|h|cc|cpp|gyp|html|sh|json)$|^\.ci\/run$/;

/** Repository-relative paths of the text files under `roots` (default: all of them). */
export function repositoryFiles(roots: readonly string[] = ROOTS): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    const rel = relative(REPO, path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!SKIP_DIRS.has(name)) walk(join(path, name));
    } else if (TEXT.test(rel)) out.push(rel);
  };
  for (const root of roots) walk(join(REPO, root));
  return out;
}

export function readRepositoryFile(rel: string): string {
  return readFileSync(join(REPO, rel), 'utf8');
}
