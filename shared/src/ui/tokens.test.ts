/**
 * @jest-environment node
 */
// One set of design tokens: a colour is written only in tokens.css; every other
// stylesheet of the host, the remotes and the shared UI names a token instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TOKENS = path.join(ROOT, 'shared', 'src', 'ui', 'tokens.css');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const APP_DIRS = readdirSync(ROOT).filter((name) => name === 'host' || name === 'shared' || name.startsWith('remote-'));
const STYLESHEETS = APP_DIRS.flatMap((name) => cssFiles(path.join(ROOT, name, 'src')));

// Hex colours, rgb()/hsl() functions and the named colours a hand is likely to type.
const LITERAL_COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(|(?<![\w-])(?:white|black|red|blue|green|grey|gray|silver|orange|yellow|purple|pink|navy)(?![\w-])/i;

function literalColours(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return withoutComments
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => LITERAL_COLOUR.test(line.replace(/white-space/g, '')))
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('design tokens', () => {
  it('finds the stylesheets of the host, every remote and the shared UI', () => {
    expect(APP_DIRS).toEqual(
      expect.arrayContaining(['host', 'shared', 'remote-pay', 'remote-documents', 'remote-onboarding', 'remote-profile', 'remote-employer']),
    );
    expect(STYLESHEETS).toContain(TOKENS);
    expect(STYLESHEETS.length).toBeGreaterThan(20);
  });

  it.each(STYLESHEETS.filter((file) => file !== TOKENS).map((file) => [path.relative(ROOT, file)]))('%s uses tokens, not literal colours', (file) => {
    expect(literalColours(readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('catches a literal colour', () => {
    expect(literalColours('a { color: #a3246f; }\nb { background: rgb(0 0 0 / 45%); }\nc { color: white; white-space: nowrap; }')).toHaveLength(3);
    expect(literalColours('/* #a3246f */ a { color: var(--ui-link); white-space: nowrap; }')).toEqual([]);
  });

  it('is imported by the shared stylesheet, so every app that loads ui.css has the tokens', () => {
    expect(readFileSync(path.join(ROOT, 'shared', 'src', 'ui', 'ui.css'), 'utf8')).toMatch(/@import '\.\/tokens\.css';/);
  });
});
