import { screen } from '@testing-library/react';
import { useAccountStore } from '@portal/shared/stores/account';
import { useSignUpStore } from '@portal/shared/stores/sign-up';
import { renderWithProviders, resetStores } from '@portal/shared/testing/render';
import { setHostTestRuntimeConfig } from '../testing/portal-pages';
import { ContactDetailsPage } from './ContactDetailsPage';
import { FaqsPage } from './FaqsPage';
import { FAQS } from './faqs';
import { SupportPage } from './SupportPage';

beforeEach(() => {
  resetStores();
  setHostTestRuntimeConfig({ support: { phone: '0800 029 4123', email: 'help@payportal.example' } });
});

describe('Support', () => {
  it('links to the FAQs, and hides chat and contact details while the account is not linked', () => {
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/FAQs');
    expect(screen.queryByRole('link', { name: 'Chat with the team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact details' })).not.toBeInTheDocument();
  });

  it('shows chat (an email to support) and contact details for a linked account', () => {
    useSignUpStore.getState().setLinked({ externalEmploymentID: 'x1', code: '123456' });
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('link', { name: 'Chat with the team' }).getAttribute('href')).toMatch(/^mailto:help@payportal\.example/);
    expect(screen.getByRole('link', { name: 'Contact details' })).toHaveAttribute('href', '/contact-details');
  });

  it('counts a user with employments as linked', () => {
    useAccountStore.getState().setAuthorisedUser({
      userID: 'u1',
      email: 'alex.morgan@example.com',
      privacyPolicyAccepted: true,
      employments: [{ ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null }],
    });
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('link', { name: 'Contact details' })).toBeInTheDocument();
  });
});

describe('FAQs', () => {
  it('is an accordion of five questions whose answers expand and collapse', async () => {
    const { user } = renderWithProviders(<FaqsPage />);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(5);
    const first = questions[0]!;
    const answer = document.getElementById(first.getAttribute('aria-controls') ?? '')!;
    expect(answer).not.toBeVisible();
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    await user.click(first);
    expect(answer).not.toBeVisible();
  });

  it('promises only what the portal does: Profile changes the details it shows, and no address but the email address', async () => {
    const { user } = renderWithProviders(<FaqsPage />);
    const details = screen.getByRole('button', { name: 'How do I change my name or other personal details?' });
    await user.click(details);
    const answer = document.getElementById(details.getAttribute('aria-controls') ?? '')!;
    // The five details Profile shows and edits (remote-profile's overview), and where the address goes instead.
    expect(answer).toHaveTextContent(
      'Open Settings, then Profile. There you can change your name, email address, mobile number, date of birth and National Insurance number',
    );
    expect(answer).toHaveTextContent("The portal does not hold your home address: to change it, tell your employer's payroll or HR team.");
    // No question or answer offers to change any other address.
    const everything = FAQS.flatMap(({ question, answer: text }) => [question, ...text.split(/(?<=[.?!])\s+/)]);
    const addressSentences = everything.filter((sentence) => /\baddress\b/i.test(sentence.replace(/email address/gi, '')));
    expect(addressSentences).toEqual(["The portal does not hold your home address: to change it, tell your employer's payroll or HR team."]);
  });

  it("has 'Go back' to /support", () => {
    renderWithProviders(<FaqsPage />);
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/support');
  });
});

describe('Contact details', () => {
  it('shows the phone number and email from runtime config, and goes back to /support', () => {
    renderWithProviders(<ContactDetailsPage />);
    expect(screen.getByRole('link', { name: '0800 029 4123' })).toHaveAttribute('href', 'tel:08000294123');
    expect(screen.getByRole('link', { name: 'help@payportal.example' })).toHaveAttribute('href', 'mailto:help@payportal.example');
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/support');
  });
});
