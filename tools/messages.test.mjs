// Every text a feature folder keeps for people (`messages/en.json`) has its Welsh (`messages/cy.json`):
// the same ids, nothing empty, the same placeholders, and both compile as ICU messages, as the build
// compiles them (tools/rspack/messages-loader.mjs). A message with no Welsh fails here before a Welsh
// page shows its English.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compileValidMessage } from './rspack/messages-loader.mjs';

const ROOT = path.join(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'sourcemaps', 'test-results', '.run']);

/** Every `messages` folder holding an en.json, under the apps' src folders. */
function messageFolders(dir = ROOT, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name === 'messages' && existsSync(path.join(folder, 'en.json'))) found.push(folder);
    else messageFolders(folder, found);
  }
  return found;
}

/** Each select argument's keys ('frequency: fortnightly|other|weekly'): a misspelt key would fall to `other`. */
function selectKeys(message) {
  const found = [];
  const walk = (tokens) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token) || !token[2] || typeof token[2] !== 'object') continue;
      if (token[1] === 'select') found.push(`${token[0]}: ${Object.keys(token[2]).sort().join('|')}`);
      Object.values(token[2]).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return found.sort();
}

/** The names of a message's placeholders and plural/select arguments. */
function placeholders(message) {
  const names = new Set();
  const walk = (tokens) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(token[0]);
      if (token[2] && typeof token[2] === 'object') Object.values(token[2]).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

const folders = messageFolders();

test('there are message folders to check', () => {
  assert.ok(folders.length > 0);
});

for (const folder of folders) {
  const name = path.relative(ROOT, folder);
  test(`${name}: every English message has its Welsh, with the same placeholders`, () => {
    const en = JSON.parse(readFileSync(path.join(folder, 'en.json'), 'utf8'));
    const cyFile = path.join(folder, 'cy.json');
    assert.ok(existsSync(cyFile), `${name}/cy.json is missing`);
    const cy = JSON.parse(readFileSync(cyFile, 'utf8'));
    assert.deepEqual(Object.keys(cy).sort(), Object.keys(en).sort(), `${name}: the Welsh ids differ from the English`);
    for (const [id, english] of Object.entries(en)) {
      assert.equal(typeof english, 'string', `${name} en ${id}`);
      assert.ok(english.trim() !== '' && cy[id].trim() !== '', `${name} ${id} is empty`);
      assert.ok(compileValidMessage(english) && compileValidMessage(cy[id]), `${name} ${id} is not a valid ICU message`);
      assert.deepEqual(placeholders(cy[id]), placeholders(english), `${name} ${id}: the Welsh has other placeholders than the English`);
      assert.deepEqual(selectKeys(cy[id]), selectKeys(english), `${name} ${id}: the Welsh chooses among other cases than the English`);
    }
  });
}
