// One name for each thing a person reads (docs/words.md): no screen, e-mail, text message or PDF
// text of the source calls the linking code or the employer by another name, except the spec's own
// exact texts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { OTHER_NAMES, SPEC_TEXTS_WITH_OTHER_NAMES, findOtherNames, otherNamesIn, specTexts, textsOf } from './words.mjs';
import { ROOT } from './apps.mjs';

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter(Boolean);

describe('the words a person reads', () => {
  it('call each thing by its one name in every screen, e-mail, text message and PDF', () => {
    const found = findOtherNames(files).map(({ file, line, found: word, use }) => `${file}:${line} says '${word}': say '${use}' (docs/words.md)`);
    assert.deepEqual(found, []);
  });

  it("allow the spec's exact texts that use other names, and only those (when the spec is beside the project)", (t) => {
    const quoted = specTexts();
    if (quoted === null) return t.skip('the spec is not beside the project');
    for (const text of SPEC_TEXTS_WITH_OTHER_NAMES) assert.ok(quoted.includes(text), `'${text}' is not a text of the spec`);
    const withOtherNames = quoted.filter((text) => OTHER_NAMES.some(({ pattern, in: wrongIn }) => !wrongIn && pattern.test(text)));
    for (const text of withOtherNames)
      assert.ok(SPEC_TEXTS_WITH_OTHER_NAMES.includes(text), `the spec's '${text}' is missing from SPEC_TEXTS_WITH_OTHER_NAMES`);
  });
});

describe('finding other names', () => {
  const screen = 'remote-onboarding/src/example/ExamplePage.tsx';
  const found = (source, file = screen) => findOtherNames([file], () => source).map(({ line, found: word }) => `${line}: ${word}`);

  it('finds them in JSX text, string literals and template literals', () => {
    const source = [
      "const lead = 'Enter the security code we sent you.';",
      'const title = `Your employer code for ${name}`;',
      'export const Page = () => (',
      '  <p>',
      '    Choose a <strong>company</strong> to carry on.',
      '  </p>',
      ');',
      "const picker = 'You have roles in 2 different employers.';",
      "const back = 'Back to your accounts';",
    ].join('\n');
    assert.deepEqual(found(source), ['1: security code', '2: employer code', '5: company', '8: roles in', '9: your accounts']);
  });

  it("allows the spec's texts, also quoted in a longer text, and a text saying a spec word is ours", () => {
    const source = [
      "const title = 'Please enter your employer code';",
      "const faq = \"To link another employer, choose 'Add company' or 'Change company' in the menu.\";",
      'const hint = <p>The security code is the 6-digit linking code in the message we sent you.</p>;',
    ].join('\n');
    assert.deepEqual(found(source), []);
  });

  it('leaves out comments, module names, paths, class names and plain-English phrases', () => {
    const source = [
      '// Account picker: the user adds a company here.',
      "import './select-company.css';",
      "const to = '/select-company';",
      'const name = <span className="host-topbar__company">{employment.name}</span>;',
      "const help = 'HMRC reduces your allowance for a company car; the Student Loans Company collects the loan.';",
      "console.error('Finalize answered without employments.');",
    ].join('\n');
    assert.deepEqual(found(source), []);
  });

  it("finds 'employment' on an employee's screen, not in the API's data-model texts", () => {
    const source = "const empty = 'There are no payslips for this employment yet.';";
    assert.deepEqual(found(source), ['1: employment']);
    assert.deepEqual(found(source, 'api/src/employer-api/schemas.ts'), []);
  });

  it("finds a reworded text of the portal's own files again when it says the old name", () => {
    const file = 'remote-onboarding/src/select-company/messages/en.json';
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    assert.deepEqual(found(source, file), []);
    const reverted = source.replace('{You are linked to 1 employer.}', '{You have roles in 1 company.}');
    assert.notEqual(reverted, source);
    assert.deepEqual(
      found(reverted, file).map((hit) => hit.replace(/^\d+: /, '')),
      ['company', 'roles in'],
    );
  });

  it('reads each text with its line', () => {
    assert.deepEqual(textsOf(screen, "\n\nconst a = 'Two words';"), [{ line: 3, text: 'Two words' }]);
    assert.deepEqual(otherNamesIn('Your company', 'host/src/x.tsx'), [{ found: 'company', use: 'employer' }]);
  });

  it("reads a folder's English messages, and finds another name there", () => {
    const file = 'host/src/example/messages/en.json';
    const source = '{\n  "intro": "Choose an employer",\n  "old": "Choose a company"\n}\n';
    assert.deepEqual(textsOf(file, source), [
      { line: 2, text: 'Choose an employer' },
      { line: 3, text: 'Choose a company' },
    ]);
    assert.deepEqual(
      findOtherNames([file], () => source).map(({ line, found }) => [line, found]),
      [[3, 'company']],
    );
  });
});
