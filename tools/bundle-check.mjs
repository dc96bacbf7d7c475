// What must never reach a browser bundle: TypeBox, the wire schemas' library. The front end takes
// the wire's types only (docs/architecture.md "Wire contract"); build.mjs runs this over every dist/.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Traces TypeBox leaves in built code: its symbol keys (kept by minifiers) and its package path. */
const SERVER_ONLY = [/TypeBox\.(Kind|Hint|Optional|Readonly|Transform)/, /@sinclair[\\/]typebox/];

async function scriptsUnder(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile() && /\.(m?js|cjs)$/.test(entry.name)).map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * Every built script under `dirs` that carries server-only code, as paths relative to `root`.
 * @param {string[]} dirs
 * @param {string} root
 */
export async function findServerOnlyCode(dirs, root) {
  const found = [];
  for (const dir of dirs) {
    for (const file of await scriptsUnder(dir)) {
      const text = await readFile(file, 'utf8');
      if (SERVER_ONLY.some((pattern) => pattern.test(text))) found.push(path.relative(root, file));
    }
  }
  return found.sort();
}
