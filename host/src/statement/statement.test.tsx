import { screen, within } from '@testing-library/react';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { renderWithProviders, resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { AccessibilityStatementPage } from './AccessibilityStatementPage';
import { PrivacyPage } from './PrivacyPage';

beforeEach(() => {
  resetStores();
  setHostTestRuntimeConfig({ support: { phone: '0800 029 4123', email: 'help@payportal.example' } });
});

describe('the accessibility statement', () => {
  it('follows the model statement: status, what is not accessible, reporting, enforcement and its date', async () => {
    const { container } = renderWithProviders(<AccessibilityStatementPage />, { route: '/accessibility' });
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility statement for the pay portal' })).toHaveFocus();
    for (const name of [
      'How accessible the portal is',
      'Feedback and contact information',
      'Reporting accessibility problems with this portal',
      'Enforcement procedure',
      'Preparation of this accessibility statement',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/partially compliant with the/)).toHaveTextContent('Web Content Accessibility Guidelines version 2.2 AA standard');
    expect(screen.getByText(/not yet available in Welsh$/)).toBeInTheDocument();
    expect(screen.getByText(/PDFs are not fully tagged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Equality Advisory and Support Service/ })).toHaveAttribute('href', 'https://www.equalityadvisoryservice.com/');
    expect(screen.getByRole('link', { name: /Equality Commission for Northern Ireland/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'help@payportal.example' })[0]).toHaveAttribute('href', 'mailto:help@payportal.example');
    expect(screen.getByText(/This statement was prepared on 28 November 2026/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('lets the keyboard reach every link in order', async () => {
    const { user } = renderWithProviders(<AccessibilityStatementPage />, { route: '/accessibility' });
    await user.tab();
    expect(screen.getAllByRole('link', { name: 'help@payportal.example' })[0]).toHaveFocus();
  });
});

describe('privacy and cookies', () => {
  it('says where the privacy notice is and names each strictly necessary cookie', async () => {
    const { container } = renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy and cookies' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy notice' })).toBeInTheDocument();
    const cookies = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('code')?.textContent);
    expect(cookies).toEqual(['__Host-app.at, __Host-app.rt, __Host-app.idt', '__Host-app.at_exp', '__Host-app.csrf', '__Host-app.device']);
    await expectNoAxeViolations(container);
  });
});
