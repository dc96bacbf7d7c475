// React Router for the federated floor's host and remote: one federation singleton (one router
// context for both apps) holding only the exports they use, as @portal/shared/router does for the
// portal. react-router shared whole would be every export (the portal measured 65 KiB gzip).
export { createBrowserRouter, Link, RouterProvider } from 'react-router';
