import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

function Broken(): never {
  throw new Error('Something broke in a page');
}

describe('the router error screen', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it("shows 'Unexpected Application Error!' with the error's message", () => {
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Something broke in a page')).toBeInTheDocument();
  });

  it('shows the status of a route error response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('gone', { status: 410, statusText: 'Gone' });
        },
        element: <p>never</p>,
        errorElement: <ErrorPage />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('410 Gone')).toBeInTheDocument();
  });
});
