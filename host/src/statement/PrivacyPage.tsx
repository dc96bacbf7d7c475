// Privacy and cookies (/privacy, signed in and out): where the privacy notice is, and the only
// cookies the portal sets, all strictly necessary (named as api/src/http sets them), so no consent banner.
import { PageHeading } from '@portal/shared/ui/PageHeading';

/** The cookies the portal sets and why (api/src/http/cookies.ts, csrf.ts; api/src/auth/known-devices.ts). */
export const PORTAL_COOKIES: readonly { name: string; purpose: string }[] = [
  { name: '__Host-app.at, __Host-app.rt, __Host-app.idt', purpose: 'keep you signed in (ended when you sign out)' },
  { name: '__Host-app.at_exp', purpose: 'tells the portal when your sign-in needs renewing' },
  { name: '__Host-app.csrf', purpose: 'protects your forms from being sent by another site' },
  { name: '__Host-app.device', purpose: 'recognises this browser, so we can tell you when your account is signed in from a new one' },
];

export function PrivacyPage() {
  return (
    <section className="host-statement">
      <PageHeading>Privacy and cookies</PageHeading>
      <h2>Privacy notice</h2>
      <p>
        Your employer decides what the portal holds about you, and their privacy notice says how they use it. You read and accept it when you choose your
        employer after signing in.
      </p>
      <h2>Cookies</h2>
      <p>The portal uses only cookies that it needs to work. They do not track you and are never shared, so we do not ask for your consent.</p>
      <ul>
        {PORTAL_COOKIES.map(({ name, purpose }) => (
          <li key={name}>
            <code>{name}</code>: {purpose}
          </li>
        ))}
      </ul>
    </section>
  );
}
