import { screen } from '@testing-library/react';
import { renderWithProviders, resetStores } from '@portal/shared/testing/render';
import SettingsPage from './SettingsPage';

beforeEach(() => resetStores());

describe('SettingsPage', () => {
  it('shows the spec text under a Settings heading, which takes focus', () => {
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Settings' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('View and manage settings related to your profile and company')).toBeInTheDocument();
  });

  it('has a single link, to Profile', async () => {
    const { user, router } = renderWithProviders(<SettingsPage />, {
      route: '/settings',
      path: '/settings',
      routes: [{ path: '/profile', element: <p>Profile page</p> }],
    });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Profile');
    expect(links[0]).toHaveAttribute('href', '/profile');
    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByText('Profile page')).toBeInTheDocument();
  });
});
