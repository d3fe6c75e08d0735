// The repository explains itself: every citation `docs/NAME.md §N.M` in the source, shaders, host
// code, tests, tools and docs names a file of docs/ and a numbered section heading in it, and
// nothing cites a document that lives outside the repository (the background notes the project
// was started from, the shared vectors' READMEs, the reference toolchain's scripts).
import { describe, expect, it } from 'vitest';
import { readRepositoryFile, repositoryFiles } from './repository-files';

// `docs/protocol.md §4.2`, `docs/protocol.md §7–§8`, `docs/protocol.md §1.1 and §1.2`,
// `docs/protocol.md §4.3, §6.3`; in docs/, also a link `[vm.md](vm.md) §3`.
const CITATION = /(?:docs\/|\]\()([\w.-]+\.md)\)?((?:(?:\s*|\s*(?:,|and|–|-)\s*)§\s*\d+(?:\.\d+)*)+)/g;
const SECTION = /§\s*(\d+(?:\.\d+)*)/g;
// Section headings: `## 6. WHIR`, `### 6.3 The opening`.
const HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm;

// Documents outside the repository, spelled in pieces so this file does not cite them itself.
const OUTSIDE: readonly RegExp[] = [
  new RegExp(`\\b(${['PROTOCOL', 'VM', 'ARCHITECTURE', 'RECURSION'].join('|')})\\.md\\b`),
  new RegExp(['', 'work', 'shared'].join('/')),
  new RegExp(`${'shared'}/(docs|tools)\\b`),
  new RegExp(`${'shared'}/vectors/\\S*READ${'ME'}`),
  // The reference's own papers and notes live in its repository, not ours.
  new RegExp(`\\b${'doc'}/leanvm\\b`),
];

/** Section numbers each docs/ file declares, by file name. */
function docSections(): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  for (const rel of repositoryFiles(['docs'])) {
    const numbers = new Set([...readRepositoryFile(rel).matchAll(HEADING)].map((m) => m[1]));
    sections.set(rel.slice('docs/'.length), numbers);
  }
  return sections;
}

/** What is wrong with the citations in one file's text: each a line naming the file, line and cause. */
export function citationProblems(file: string, text: string, sections: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const pattern of OUTSIDE) if (pattern.test(line)) problems.push(`${at}: cites a document outside the repository: ${line.trim()}`);
    for (const m of line.matchAll(CITATION)) {
      // A markdown link counts only inside docs/, where it is relative to docs/.
      if (m[0].startsWith('](') && !file.startsWith('docs/')) continue;
      const doc = m[1];
      const declared = sections.get(doc);
      if (!declared) {
        problems.push(`${at}: cites docs/${doc}, which does not exist`);
        continue;
      }
      for (const s of m[2].matchAll(SECTION)) {
        if (!declared.has(s[1])) problems.push(`${at}: cites docs/${doc} §${s[1]}, which has no such section heading`);
      }
    }
  });
  return problems;
}

describe('citations', () => {
  const sections = docSections();

  it('docs/protocol.md numbers the sections the code cites', () => {
    const protocol = sections.get('protocol.md')!;
    for (const s of ['0', '1.1', '3.2', '4.4', '6.3', '7', '8', '9.3', '9.4', '10.3', '11.5', '11.6', '12', '13']) expect(protocol.has(s), s).toBe(true);
  });

  it('every citation in the repository resolves, and none leaves it', () => {
    const files = repositoryFiles().filter((f) => f !== 'test/docs/citations.test.ts');
    expect(files.length).toBeGreaterThan(300);
    const problems = files.flatMap((f) => citationProblems(f, readRepositoryFile(f), sections));
    expect(problems).toEqual([]);
    // The code does cite the guide: the check is not vacuous.
    const cited = files.filter((f) => /^(src|shaders|host|test)\//.test(f) && /docs\/protocol\.md §\d/.test(readRepositoryFile(f)));
    expect(cited.length).toBeGreaterThan(60);
  });

  it('flags a missing section, a missing file and an outside document', () => {
    const bad = [
      '// The opening (docs/protocol.md §6.3, §6.9).',
      '// See docs/protocol.md §7–§42.',
      '// See docs/nowhere.md §1.',
      `// As ${'PROTOCOL'}.md §4 says.`,
      `// See ${'../shared'}/tools/build.sh and ${'shared'}/vectors/vm/READ${'ME'}.md.`,
      `// The bus (${'doc'}/leanvm §6).`,
    ].join('\n');
    const problems = citationProblems('src/x.ts', bad, sections);
    expect(problems.map((p) => p.replace(/:.*?: /, ': '))).toEqual([
      'src/x.ts: cites docs/protocol.md §6.9, which has no such section heading',
      'src/x.ts: cites docs/protocol.md §42, which has no such section heading',
      'src/x.ts: cites docs/nowhere.md, which does not exist',
      `src/x.ts: cites a document outside the repository: // As ${'PROTOCOL'}.md §4 says.`,
      `src/x.ts: cites a document outside the repository: // See ${'../shared'}/tools/build.sh and ${'shared'}/vectors/vm/READ${'ME'}.md.`,
      `src/x.ts: cites a document outside the repository: // See ${'../shared'}/tools/build.sh and ${'shared'}/vectors/vm/READ${'ME'}.md.`,
      `src/x.ts: cites a document outside the repository: // The bus (${'doc'}/leanvm §6).`,
    ]);
    expect(citationProblems('src/x.ts', '// docs/protocol.md §9.1–§9.2 and docs/vm.md', sections)).toEqual([]);
  });
});
