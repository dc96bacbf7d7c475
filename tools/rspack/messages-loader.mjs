// Compiles a feature folder's messages (`messages/en.json`, `messages/cy.json`: ICU message format) at
// build time with Lingui's own compiler, so the browser gets ready message tokens and no ICU parser
// (shared/src/i18n.ts). Tests import the JSON as it is: outside production Lingui compiles on use.
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** @this {{ resourcePath: string }} */
export default function messagesLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${this.resourcePath}: the message ${id} is not text`);
    compiled[id] = compileMessage(message);
    // Lingui answers a message it cannot parse with the message itself: a build must not ship it.
    if (message.includes('{') && compiled[id].length === 1 && compiled[id][0] === message) {
      throw new Error(`${this.resourcePath}: the message ${id} is not a valid ICU message`);
    }
  }
  return `export default ${JSON.stringify(compiled)};`;
}
