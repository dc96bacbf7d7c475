// The remote's one exposed page: the same landing content as bench/floor and the portal's
// signed-out page, its link through the host's router (the shared singleton).
import { Link } from '../../router';

export default function Page() {
  return (
    <main>
      <h1>Your pay, in one place</h1>
      <p>See your payslips, P60s and other pay documents, and keep your details up to date.</p>
      <button type="button">Sign in</button> <Link to="/help">Help</Link>
    </main>
  );
}
