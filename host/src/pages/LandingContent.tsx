/**
 * What the signed-out landing page shows. Pure: the build renders it into index.html
 * (host/src/static-landing), and LandingPage renders it with the sign-in client's actions.
 */
export function LandingContent({ onSignIn, onCreateAccount }: { onSignIn?: () => void; onCreateAccount?: () => void }) {
  return (
    <div className="host-landing">
      <header className="host-frame__header">
        <span className="host-brand">Pay portal</span>
      </header>
      <main id="main" className="host-landing__main">
        <h1>Your pay, in one place</h1>
        <p className="host-landing__lead">
          See your payslips, P60s, P45s, P11Ds and pension letters from every employer you work for, and keep
          your details up to date.
        </p>
        <ul className="host-landing__points">
          <li>Payslips for every pay day, with a PDF you can save or print.</li>
          <li>Your year-end forms ready when you need them for a mortgage, a loan or HMRC.</li>
          <li>Link your account to your employer with a 6-digit code sent by email or text.</li>
        </ul>
        <div className="host-landing__actions">
          <button type="button" className="ui-button ui-button--primary" onClick={onSignIn}>
            Sign in
          </button>
          <button type="button" className="ui-button" onClick={onCreateAccount}>
            Create an account
          </button>
        </div>
      </main>
    </div>
  );
}
