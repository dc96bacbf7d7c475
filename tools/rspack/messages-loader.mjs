// Compiles a feature folder's messages (`messages/en.json`, `messages/cy.json`: ICU message format) at
// build time with Lingui's own compiler, so the browser gets ready message tokens and no ICU parser
// (shared/src/i18n.ts). Tests import the JSON as it is: outside production Lingui compiles on use.
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * A message's tokens, or null when Lingui cannot parse it: its compiler then answers with the message
 * itself (and a console error), which a page would show as raw ICU.
 */
export function compileValidMessage(message) {
  const compiled = compileMessage(message);
  return message.includes('{') && compiled.length === 1 && compiled[0] === message ? null : compiled;
}

/** @this {{ resourcePath: string }} */
export default function messagesLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: the message ${id} is not text`);
    compiled[id] = compileValidMessage(message);
    if (!compiled[id]) throw new Error(`${this.resourcePath}: the message ${id} is not a valid ICU message`);
  }
  return `export default ${JSON.stringify(compiled)};`;
}
