import { sanitizePolicyHtml } from './sanitize-policy';

describe('sanitizePolicyHtml', () => {
  it('keeps document markup and links', () => {
    const html = '<h2>Privacy notice</h2><p>We hold <strong>your</strong> data.</p><ul><li>One</li></ul><a href="https://ico.org.uk/">ico.org.uk</a>';
    expect(sanitizePolicyHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: links, styles, forms and frames', () => {
    const dirty = [
      '<p>Policy</p>',
      '<script>window.__pwned = true</script>',
      '<img src="x" onerror="window.__pwned = true">',
      '<a href="javascript:alert(1)">click</a>',
      '<style>body{display:none}</style>',
      '<p style="color:red" onclick="alert(1)">styled</p>',
      '<form action="https://evil.example"><input name="password"></form>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg><script>alert(1)</script></svg>',
    ].join('');
    const clean = sanitizePolicyHtml(dirty);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<style|style=|<form|<input|<iframe|<svg/i);
    expect(clean).toContain('<p>Policy</p>');
    expect(clean).toContain('<p>styled</p>');
  });
});
