import { screen } from '@testing-library/react';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { ViewInBrowserLink } from './ViewInBrowserLink';

beforeEach(() => {
  resetStores();
  setTestRuntimeConfig();
  arrangeHostState({ userId: 'u1', employmentId: 'e1' });
});

describe('View in browser', () => {
  it("links to the file's PDF shown inline, in a new tab, and says so to screen readers", () => {
    const api = mockApi({});
    renderWithProviders(<ViewInBrowserLink fileId="p60 2025">View in browser</ViewInBrowserLink>);
    const link = screen.getByRole('link', { name: 'View in browser (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/api/users/u1/file/p60%202025/employment/e1?disposition=inline');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Nothing is fetched by the page: the browser opens the address itself, with the session cookie.
    expect(api.requests).toEqual([]);
  });

  it('points at the API wherever the portal is told it is', () => {
    setTestRuntimeConfig({ apiBaseUrl: 'https://api.example.com' });
    mockApi({});
    renderWithProviders(<ViewInBrowserLink fileId="slip-1">View in browser</ViewInBrowserLink>);
    expect(screen.getByRole('link', { name: /View in browser/ })).toHaveAttribute(
      'href',
      'https://api.example.com/api/users/u1/file/slip-1/employment/e1?disposition=inline',
    );
  });

  it('shows nothing before an employment is chosen', () => {
    arrangeHostState({ userId: 'u1', employmentId: null });
    mockApi({});
    const { container } = renderWithProviders(<ViewInBrowserLink fileId="slip-1">View in browser</ViewInBrowserLink>);
    expect(container).toBeEmptyDOMElement();
  });
});
