// The accessibility check of the profile's screen tests: axe-core in jsdom, with the WCAG 2.1 A and AA
// rules the journeys run in the browser (e2e/support/axe.ts). Colour contrast needs a real layout: the journeys check it.
import axe from 'axe-core';

export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
