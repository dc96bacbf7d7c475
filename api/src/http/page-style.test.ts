// The sign-in pages use the portal's own design tokens: the file is read, not copied, so the two
// cannot drift.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { layout } from './pages';
import { PAGE_STYLE, TOKENS_PATH } from './page-style';

const declarations = (css: string) => css.match(/--ui-[\w-]+:\s*[^;]+;/g) ?? [];

describe('sign-in page style', () => {
  it('reads the shared token file', () => {
    expect(TOKENS_PATH).toBe(path.resolve(__dirname, '..', '..', '..', 'shared', 'src', 'ui', 'tokens.css'));
  });

  it('carries every token of the portal, with the same values', () => {
    const tokens = declarations(readFileSync(TOKENS_PATH, 'utf8'));
    expect(tokens.length).toBeGreaterThan(30);
    expect(declarations(PAGE_STYLE)).toEqual(tokens);
  });

  it('writes its components with tokens only, no literal colour of its own', () => {
    const components = PAGE_STYLE.slice(PAGE_STYLE.lastIndexOf('}', PAGE_STYLE.indexOf('*{box-sizing')) + 1);
    expect(components).not.toMatch(/#[0-9a-f]{3,8}\b|\brgba?\(/i);
    expect(components).toContain('font-family:var(--ui-font)');
    expect(components).toContain('outline:var(--ui-focus-ring)');
  });

  it('is inlined in every page', () => {
    expect(layout('Sign in', '<h1>Sign in</h1>')).toContain(`<style>${PAGE_STYLE}</style>`);
  });
});
