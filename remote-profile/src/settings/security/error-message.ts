// Words for the failures of the Settings security calls. The API's texts on these routes are known
// here, each with what the person should do; anything else goes to the one shared mapping
// (@portal/shared/api/user-message via getApiErrorMessage). Kept in this remote, not in the shared
// mapping that Home loads.
import { getApiErrorFacts, getApiErrorMessage } from '@portal/shared/api/client';

const RULES: readonly { when: RegExp; say: (match: RegExpExecArray) => string }[] = [
  { when: /code is not right/i, say: () => 'The code is not right. Enter the code your app shows now.' },
  { when: /6 digits/i, say: () => 'Enter the 6 digits your authenticator app shows, like 123456.' },
  { when: /already been used/i, say: () => 'This code has already been used. Wait for your app to show a new code, then enter it.' },
  { when: /Too many wrong codes\. Wait (.+?), then/i, say: (m) => `Too many wrong codes. Wait ${m[1]}, then try again.` },
  { when: /Too many wrong passwords\. Wait (.+?), then/i, say: (m) => `Too many wrong passwords. Wait ${m[1]}, then try again.` },
  { when: /password is not right/i, say: () => 'Your password is not right.' },
  { when: /already on/i, say: () => 'Two-step sign-in is already on. Reload the page.' },
  { when: /not set up|is not on/i, say: () => 'Two-step sign-in is not on. Reload the page and start again.' },
  { when: /must keep two-step/i, say: () => 'As an employer admin you must keep two-step sign-in on.' },
  { when: /No such session/i, say: () => 'That session has already ended.' },
  { when: /session you are using/i, say: () => 'This is the session you are using: sign out to end it.' },
];

export function securityErrorMessage(error: unknown): string {
  const { serverText } = getApiErrorFacts(error);
  for (const rule of RULES) {
    const match = serverText ? rule.when.exec(serverText) : null;
    if (match) return rule.say(match);
  }
  return getApiErrorMessage(error);
}
