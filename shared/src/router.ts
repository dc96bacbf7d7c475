// React Router for the host and every remote, through the contract. As a module of
// @portal/shared it is one federation singleton — one router context for all apps — yet only the
// exports named here are bundled: react-router-dom shared whole was 65 KiB gzip on every first page.
// Apps import routing from here, never from 'react-router-dom' (eslint.config.mjs); tests may.
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavigateFunction, RouteObject } from 'react-router-dom';
