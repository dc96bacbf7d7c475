// The words the portal uses (docs/words.md): one name for each thing on every screen, e-mail, text
// message and PDF. This finds the texts a person reads in the source (string literals, template
// literals and JSX text, never comments or identifiers) that call a thing by another name. The
// spec's exact texts keep their own words ('Please enter your employer code', 'Change company'), so
// they are allowed wherever they appear, alone or quoted in a longer text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './apps.mjs';

export const SPEC_FILE = path.resolve(ROOT, '..', 'shared', 'spec', 'portal-spec.md');

/**
 * The spec's exact texts that use another name than ours. Listed here, so the check runs without the
 * spec beside the project; `specTexts` reads the spec too when it is there, and the test checks the
 * two agree.
 */
export const SPEC_TEXTS_WITH_OTHER_NAMES = [
  'Please enter your employer code',
  'Enter the security code sent by email/text',
  'Select your account',
  'Add a new company',
  'Change company',
  'Add company',
  'View and manage settings related to your profile and company',
];

/** The employee's screens and the messages they show. */
export const EMPLOYEE_SCREENS = (file) =>
  /^(?:host|remote-onboarding|remote-pay|remote-documents|remote-profile)\/src\//.test(file) || file === 'shared/src/api/user-message.ts';

/** What an employee reads: their screens, and the API's e-mails, texts, PDFs and linking answers. */
export const EMPLOYEE_TEXTS = (file) =>
  EMPLOYEE_SCREENS(file) || /^api\/src\/(?:linking\/(?:messages|service)|notifications\/notices|employer-console\/messages)\.ts$|^api\/src\/files\//.test(file);

/**
 * Other names for a thing that has one name (docs/words.md): a pattern, the word to use instead and,
 * for a word that is right in some places, the files it is wrong in (`in`).
 */
export const OTHER_NAMES = [
  { pattern: /\bemployer code\b/i, use: 'linking code' },
  { pattern: /\bsecurity code\b/i, use: 'linking code' },
  { pattern: /\b(?:link|sign-up|signup|invitation|access|activation|employment) code\b/i, use: 'linking code' },
  { pattern: /\bcompan(?:y|ies)\b/i, use: 'employer' },
  { pattern: /\borgani[sz]ations?\b/i, use: 'employer' },
  { pattern: /\broles? in\b/i, use: 'linked to … employer' },
  { pattern: /\byour accounts\b|\bchoos(?:e|ing) your account\b|\bswitch accounts?\b/i, use: 'employer (your account is the sign-in account)' },
  { pattern: /\bemployment records?\b/i, use: 'payroll record', in: EMPLOYEE_TEXTS },
  // The data model's word: the API, the employer's console and HMRC's forms say it; an employee's screens do not.
  { pattern: /\bemployments?\b/i, use: 'employer', in: EMPLOYEE_SCREENS },
];

/**
 * Texts that say one of the spec's words is our word, so a person knows they are one thing: the
 * link page's title says "employer code" and its prompt "security code" (docs/words.md).
 */
export const SAYING_THE_SPEC_WORD_IS_OURS = ['Your employer code is the 6-digit linking code', 'The security code is the 6-digit linking code'];

/**
 * Phrases where a listed word is plain English for something else, not another name for the employer:
 * a company car is a benefit in kind, the Student Loans Company is the body that collects loans.
 */
export const ALLOWED_PHRASES = [/\bcompany (?:car|cars|van|vans|benefits?)\b/gi, /\bStudent Loans Company\b/g];

/** Where the texts a person reads live: the apps' and the shared package's sources, and the API's. */
export const SCANNED_DIRS = [
  'host/src',
  'remote-onboarding/src',
  'remote-pay/src',
  'remote-documents/src',
  'remote-profile/src',
  'remote-employer/src',
  'shared/src',
  'api/src',
];

/** Files that hold no text a person reads: tests, database migrations (SQL and column names) and fixtures. */
export function isScannedFile(file) {
  // A feature folder's English messages (shared/src/i18n.ts) are texts a person reads too.
  if (/\/messages\/en\.json$/.test(file)) return SCANNED_DIRS.some((dir) => file.startsWith(`${dir}/`));
  if (!/\.(?:ts|tsx|mts|mjs|js|cjs)$/.test(file) || file.endsWith('.d.ts')) return false;
  if (/\.(?:test|spec|attack|concurrency)\.|\/__tests__\/|\/test\/|\/testing\//.test(file)) return false;
  if (/^api\/src\/db\/migrations\//.test(file)) return false;
  return SCANNED_DIRS.some((dir) => file.startsWith(`${dir}/`));
}

/** The quoted texts of the spec, when it is there ('...' of at least two characters). */
export function specTexts(specFile = SPEC_FILE) {
  let spec;
  try {
    spec = readFileSync(specFile, 'utf8');
  } catch {
    return null;
  }
  return [...spec.matchAll(/'([^'\n]{2,})'/g)].map((match) => match[1]);
}

/**
 * Whether a string is code rather than text: a path, a class name, a key, a module name. Text a
 * person reads has a space in it, or is one capitalised word.
 */
function isCodeLike(text) {
  if (/\s/.test(text)) return false;
  return /^[a-z0-9_./:@#{}$?=&*-]*$/.test(text) || /[/_.:#@]/.test(text);
}

/** The texts a source file shows, with their line numbers: string and template literals and JSX text. */
export function textsOf(file, source) {
  if (file.endsWith('.json')) {
    const lines = source.split('\n');
    return Object.entries(JSON.parse(source)).map(([id, text]) => ({ line: lines.findIndex((line) => line.includes(`"${id}"`)) + 1, text }));
  }
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') || file.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const texts = [];
  const add = (node, text, isJsxText = false) => {
    if (!text.trim() || (!isJsxText && isCodeLike(text.trim()))) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    texts.push({ line: line + 1, text });
  };
  const visit = (node) => {
    // A module's name is not text ('./select-company.css').
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    // What goes to the console is for developers.
    if (ts.isCallExpression(node) && /^console\./.test(node.expression.getText(sourceFile))) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      // The literal parts joined, a placeholder standing for each substitution.
      add(node, [node.head.text, ...node.templateSpans.map((span) => `… ${span.literal.text}`)].join(''));
    } else if (ts.isJsxText(node)) add(node, node.text.replace(/\s+/g, ' '), true);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
}

/** Blanks the allowed texts out of `text`: the spec's exact texts and plain-English phrases. */
function withoutAllowed(text, allowedTexts) {
  let rest = text;
  for (const allowed of allowedTexts) rest = rest.split(allowed).join(' ');
  for (const phrase of ALLOWED_PHRASES) rest = rest.replace(phrase, ' ');
  return rest;
}

/** The other names in one text of `file`, once the allowed texts are taken out: [{ found, use }]. */
export function otherNamesIn(text, file = '', allowedTexts = [...SPEC_TEXTS_WITH_OTHER_NAMES, ...SAYING_THE_SPEC_WORD_IS_OURS]) {
  const rest = withoutAllowed(text, allowedTexts);
  return OTHER_NAMES.flatMap(({ pattern, use, in: wrongIn }) => {
    if (wrongIn && !wrongIn(file)) return [];
    const match = rest.match(pattern);
    return match ? [{ found: match[0], use }] : [];
  });
}

/** Every other name in the scanned files: [{ file, line, text, found, use }]. */
export function findOtherNames(files, read = (file) => readFileSync(path.join(ROOT, file), 'utf8')) {
  return files
    .filter(isScannedFile)
    .flatMap((file) => textsOf(file, read(file)).flatMap(({ line, text }) => otherNamesIn(text, file).map((hit) => ({ file, line, text, ...hit }))));
}
