// The privacy notice shown in the blocking panel before first use (HTML, rendered by the front end).
export const PRIVACY_POLICY_VERSION = '2026-11';

export const PRIVACY_POLICY_HTML = `<h2>Privacy notice</h2>
<p>This notice explains how the pay portal uses your personal information. It applies to everyone who signs in to see their pay documents. Last updated November 2026.</p>
<h3>Who we are</h3>
<p>The portal is run on behalf of the employers you link to. Each employer remains the data controller for the payroll records it holds about you; the portal processes those records on the employer's instructions.</p>
<h3>What we hold</h3>
<ul>
<li>Your sign-in details: name, email address, mobile number, date of birth and a scrambled (hashed) copy of your password.</li>
<li>Your National Insurance number and the last 4 digits of your bank account, used only to confirm that a payroll record is yours.</li>
<li>Your payslips, P60s, P45s, P11Ds, pension letters and the documents your employer shares with staff.</li>
<li>Technical records of sign-ins and linking attempts, kept to protect your account.</li>
</ul>
<h3>Why we use it</h3>
<p>We use your information to show you your own pay documents (performance of your employment contract) and to keep the service secure (our legitimate interests). We never sell your information or use it for marketing.</p>
<h3>How long we keep it</h3>
<p>Payroll records are kept for as long as your employer must keep them, normally 6 years after the end of the tax year they relate to. Your portal account is deleted 2 years after your last sign-in unless you are still employed.</p>
<h3>Your rights</h3>
<p>You can ask to see the information held about you, to correct it, or to restrict how it is used. Ask your employer's payroll or HR team in the first instance. If you are unhappy with the answer you can complain to the Information Commissioner's Office at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.</p>
<h3>Security</h3>
<p>Your information is sent over encrypted connections and stored in the UK. Codes sent to link your account expire after 10 minutes and can be used once.</p>`;
