// The docs cite only what exists: every repository path that README.md or a docs/*.md names (in
// prose, code or a link), every `#section` anchor of a link, and every section a tracked file cites
// by name (docs/architecture.md "Federation") must be there. A guide that points at a moved file or a
// renamed section sends its reader nowhere.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './apps.mjs';

/** The documents whose paths and anchors are checked. */
export function checkedDocs() {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return ['README.md', ...docs.sort()];
}

/**
 * Paths the docs may name though they are not in the repository: what a build or a run makes. Each
 * is a glob over repository paths.
 */
export const MADE_BY_RUNS = [
  '*/dist', // each app's build output
  '*/dist/*',
  '*/sourcemaps', // production builds' hidden source maps
  'api/data/*', // the SQLite database `pnpm start` creates
  'e2e/test-results', // Playwright's output
];

// The repository's files: those tracked and those new but not ignored (so a new doc counts before it is added).
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter(Boolean)
  .filter((file) => existsSync(path.join(ROOT, file)));
const trackedSet = new Set(tracked);
const trackedDirs = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(1)
      .map((_, i, parts) =>
        file
          .split('/')
          .slice(0, parts.length - i)
          .join('/'),
      ),
  ),
);
const TOP_LEVEL_DIRS = [...new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]))];

/** A glob over repository paths as a regular expression: `*` is one path segment or part of one, `**` any depth. */
function globToRegExp(glob) {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Whether a repository path (a file or a folder, maybe a glob) names something tracked. */
export function pathExists(repoPath) {
  const clean = repoPath.replace(/\/+$/, '');
  if (!clean.includes('*')) return trackedSet.has(clean) || trackedDirs.has(clean);
  const pattern = globToRegExp(clean);
  return tracked.some((file) => pattern.test(file)) || [...trackedDirs].some((dir) => pattern.test(dir));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a Markdown file (outside code blocks), as written. */
export function headings(markdown) {
  let inCode = false;
  const found = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inCode = !inCode;
    const match = !inCode && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (match) found.push(match[1].replace(/`/g, ''));
  }
  return found;
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2 for repeats. */
export function anchors(markdown) {
  const seen = new Map();
  return new Set(
    headings(markdown).map((heading) => {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count === 0 ? base : `${base}-${count}`;
    }),
  );
}

/**
 * The repository paths a document names: tokens starting with a top-level folder (`api/src/app.ts`,
 * a glob such as `remote-*` with a folder after it, `@api/examples/x.json` in a curl line), and the
 * targets of its relative links. A
 * `<name>` placeholder reads as `*`; `#anchor` is kept for the caller.
 */
export function citedPaths(markdown, docFile) {
  const cited = [];
  const dirs = TOP_LEVEL_DIRS.map((dir) => dir.replace(/[.]/g, '\\.')).join('|');
  const token = new RegExp(`(?<![\\w/.:~*-])((?:${dirs}|[\\w-]+\\*[\\w-]*)/[\\w.*<>@+/#-]*)`, 'g');
  for (const match of markdown.matchAll(token)) cited.push(match[1]);
  for (const match of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    cited.push(path.posix.normalize(path.posix.join(path.posix.dirname(docFile), target)));
  }
  return cited.map((cite) => cite.replace(/[.:]+$/, '').replace(/<[^>]*>/g, '*')).filter((cite) => !cite.startsWith('../') && cite.split('#')[0].length > 0);
}

/** The `(#anchor)` links of a document, to its own headings. */
export function ownAnchors(markdown) {
  return [...markdown.matchAll(/\]\(#([^)\s]+)\)/g)].map((match) => match[1]);
}

/** What is wrong with one cited path: nothing (null), or why. */
function brokenPath(cite) {
  const [repoPath, anchor] = cite.split('#');
  if (MADE_BY_RUNS.some((glob) => globToRegExp(glob).test(repoPath.replace(/\/+$/, '')))) return null;
  if (!pathExists(repoPath)) return 'no such file or folder';
  if (anchor && repoPath.endsWith('.md') && !anchors(readFileSync(path.join(ROOT, repoPath), 'utf8')).has(anchor)) return `no section #${anchor}`;
  return null;
}

/**
 * Whether a document has the part a citation names: a heading, or a bold label that starts with the
 * name (`**CSV**:` in a paragraph, `**Import of …**` in a table), or a table cell that opens with it
 * (`| Finalize: …`), as reference tables name their rows.
 */
export function hasSection(markdown, section) {
  return headings(markdown).includes(section) || markdown.includes(`**${section}`) || markdown.includes(`| ${section}:`);
}

/** Every `path/to/file.md "Section"` citation in the tracked text files, with where it stands. */
export function sectionCitations() {
  const citation = /((?:[\w.-]+\/)*[\w.-]+\.md)`?(?:\]\([^)]*\))?,? \(?"([^"\n]+)"/g;
  const found = [];
  for (const file of tracked) {
    if (file === 'pnpm-lock.yaml' || file === 'tools/docs-links.test.mjs') continue;
    const bytes = readFileSync(path.join(ROOT, file));
    if (bytes.includes(0)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(citation)) {
          const doc = trackedSet.has(match[1]) ? match[1] : path.posix.join(path.posix.dirname(file), match[1]);
          if (trackedSet.has(doc)) found.push({ where: `${file}:${index + 1}`, doc, section: match[2] });
        }
      });
  }
  return found;
}

describe('the reading of docs', () => {
  it('finds paths in prose, code and links, and leaves URLs and outside paths alone', () => {
    const text = [
      'See `api/src/app.ts`, [the API](../api/README.md#demo-sign-ins) and docs/architecture.md "Parts".',
      '`remote-*/` and e2e/tests/<file>.spec.ts; curl --data @api/examples/pay-run.json.',
      'http://localhost:4000/api/users and ../shared/spec/portal-spec.md and `@portal/shared/contract`.',
    ].join('\n');
    assert.deepEqual(citedPaths(text, 'docs/x.md'), [
      'api/src/app.ts',
      'docs/architecture.md',
      'remote-*/',
      'e2e/tests/*.spec.ts',
      'api/examples/pay-run.json',
      'api/README.md#demo-sign-ins',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    assert.deepEqual(
      [...anchors('# Guide\n## Host–remote contract\n## `config.json`, runtime\n```\n# not a heading\n```\n## Parts\n## Parts\n')],
      ['guide', 'hostremote-contract', 'configjson-runtime', 'parts', 'parts-1'],
    );
  });

  it('knows a path, a folder and a glob that exist, and one that does not', () => {
    assert.equal(pathExists('api/src/app.ts'), true);
    assert.equal(pathExists('api/src/'), true);
    assert.equal(pathExists('remote-*/src/exposed/*.ts'), true);
    assert.equal(pathExists('api/src/no-such-file.ts'), false);
  });
});

describe('the docs', () => {
  for (const doc of checkedDocs()) {
    it(`${doc} names only paths and sections that exist`, () => {
      const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
      const broken = citedPaths(markdown, doc)
        .map((cite) => [cite, brokenPath(cite)])
        .filter(([, why]) => why)
        .map(([cite, why]) => `${cite}: ${why}`);
      const own = anchors(markdown);
      for (const anchor of ownAnchors(markdown)) if (!own.has(anchor)) broken.push(`#${anchor}: no such section`);
      assert.deepEqual(broken, []);
    });
  }

  it('every section cited by name ("docs/architecture.md "Federation"") exists', () => {
    const citations = sectionCitations();
    assert.ok(citations.length > 0, 'the pattern finds the citations');
    const missing = citations.filter(({ doc, section }) => !hasSection(readFileSync(path.join(ROOT, doc), 'utf8'), section));
    assert.deepEqual(
      missing.map(({ where, doc, section }) => `${where}: ${doc} "${section}"`),
      [],
    );
  });
});
