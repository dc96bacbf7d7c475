// The floor: what a page costs with nothing but React and React Router (a data router, as the
// host uses) — the same landing content as the portal's signed-out page, no federation, no API.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';

function Landing() {
  return (
    <main>
      <h1>Your pay, in one place</h1>
      <p>See your payslips, P60s and other pay documents, and keep your details up to date.</p>
      <button type="button">Sign in</button> <Link to="/help">Help</Link>
    </main>
  );
}

function Help() {
  return (
    <main>
      <h1>Help</h1>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', element: <Landing /> },
  { path: '/help', element: <Help /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
