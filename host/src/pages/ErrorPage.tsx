import { isRouteErrorResponse, useRouteError } from '@portal/shared/router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error element (spec section 2 "Fallback"). */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="host-error" id="main">
      <h1>Unexpected Application Error!</h1>
      <p>{describe(error)}</p>
      <p>
        <a href="/">Go to the start page</a>
      </p>
    </main>
  );
}
