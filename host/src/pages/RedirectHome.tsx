import { Navigate, useLocation } from '@portal/shared/router';
import { paths } from '@portal/shared/paths';
import { tokenSearch } from '../session/token-param';

/** Redirects to / and keeps the token query parameter (spec section 2). */
export function RedirectHome() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home.path, search: tokenSearch(search) }} replace />;
}
