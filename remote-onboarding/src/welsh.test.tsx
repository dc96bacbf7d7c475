// Set-up in Welsh: each page of this remote, once its page module has loaded its texts (what the host
// does before a Welsh page's first render), speaks Welsh, and axe finds nothing.
import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { activateLanguage } from '@portal/shared/i18n';
import { sharedTexts } from '@portal/shared/messages';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { arrangeHostState } from '@portal/shared/testing/host-state';
import { envelopeReply, errorReply, mockApi } from '@portal/shared/testing/mock-api';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import * as confirmModule from './exposed/ConfirmAccountPage';
import * as linkModule from './exposed/LinkEmployerPage';
import * as notificationsModule from './exposed/NotificationsPage';
import * as pickerModule from './exposed/SelectCompanyPage';
import * as setupModule from './exposed/SetupPage';

type PageModule = { default: ComponentType; loadMessages: () => Promise<unknown> };

async function renderInWelsh(module: PageModule, route: string) {
  await Promise.all([sharedTexts.load(), module.loadMessages()]);
  const Page = module.default;
  return renderWithProviders(<Page />, { route, path: route, routes: [{ path: '/setup/link', element: <p>Link page</p> }] });
}

beforeEach(async () => {
  resetStores();
  setTestRuntimeConfig();
  await activateLanguage('cy');
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => activateLanguage('en'));

it('the checklist, and the question its title asks', async () => {
  const { container, user } = await renderInWelsh(setupModule, '/setup');
  expect(screen.getByRole('heading', { level: 1, name: 'Sefydlu eich cyfrif.' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^Cysylltu â'ch cyflogwr/ })).toBeInTheDocument();
  expect(screen.getByText('Ar gael ar ôl cam 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sefydlu eich cyfrif.' }));
  expect(screen.getByRole('alertdialog', { name: /^Allgofnodi\? Bydd angen i chi fewngofnodi eto/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Aros' })).toHaveFocus();
  await expectNoAxeViolations(container);
});

it('the link page: the address, the send button, the code boxes and a wrong code', async () => {
  arrangeHostState({
    userId: 'user-1',
    userInfo: { sub: 'user-1', email: 'nia@example.com' },
    authorisedUser: { userID: 'user-1', email: 'nia@example.com', privacyPolicyAccepted: false, employments: [] },
  });
  mockApi({
    'GET /api/users/:userId/linking_code_email/:email': envelopeReply({ sent: true }),
    'GET /api/users/:userId/linking_code/:code': errorReply(400, 'Incorrect code', { code: 'linking.code_incorrect', triesLeft: 4 }),
    'GET /api/users/:userId/linking_code_request': envelopeReply({
      pending: false,
      channel: null,
      expiresInSeconds: null,
      triesLeft: null,
      resendInSeconds: 0,
    }),
  });
  const { container, user } = await renderInWelsh(linkModule, '/setup/link');
  expect(screen.getByRole('heading', { level: 1, name: 'Rhowch eich cod cyflogwr' })).toBeInTheDocument();
  expect(screen.getByText('E-bost i:', { exact: false })).toHaveTextContent('E-bost i: nia@example.com');
  const send = screen.getByRole('button', { name: 'Anfon cod cysylltu' });
  await waitFor(() => expect(send).toBeEnabled());
  await user.click(send);
  const code = await screen.findByRole('group', { name: 'Rhowch y cod diogelwch a anfonwyd drwy e-bost/neges destun' });
  expect(screen.getByText(/^Os nia@example.com yw'r cyfeiriad sydd gan eich cyflogwr/)).toBeInTheDocument();
  expect(screen.getByText(/^Gallwch ofyn am god cysylltu newydd ymhen \d+ eiliad\.$/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Anfon cod cysylltu eto' })).toBeInTheDocument();
  await user.type(within(code).getByLabelText('Digid 1 o 6'), '123456');
  expect(await screen.findByText("Rhowch god cysylltu cywir. Mae gennych 4 cynnig arall gyda'r cod hwn.")).toBeInTheDocument();
  expect(screen.getByText('Cod anghywir')).toBeInTheDocument();
  await expectNoAxeViolations(container);
});

it('the identity check: its fields, what is missing, and a wrong answer', async () => {
  arrangeHostState({ userId: 'user-1', signUp: { isLinked: true, externalEmploymentID: 'emp-42', code: '482913' } });
  mockApi({ 'POST /api/users/:userId/linking_code/:code': errorReply(400, 'no match', { code: 'identity.mismatch', triesLeft: 2 }) });
  const { container, user } = await renderInWelsh(confirmModule, '/setup/confirm-account');
  expect(screen.getByRole('heading', { level: 1, name: 'Cadarnhau eich gwybodaeth.' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Rhif Yswiriant Gwladol' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: /^Dyddiad geni/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cadarnhau' }));
  const summary = screen.getByRole('alert', { name: 'Mae problem wedi codi' });
  expect(
    within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Rhowch 4 digid olaf eich cyfrif banc', 'Rhowch eich dyddiad geni (diwrnod, mis a blwyddyn)']);
  await expectNoAxeViolations(container);
});

it('the account picker, and the privacy-policy panel over it', async () => {
  arrangeHostState({
    authorisedUser: {
      userID: 'user-1',
      email: 'alex.morgan@example.com',
      privacyPolicyAccepted: false,
      employments: [{ ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null }],
    },
  });
  mockApi({ 'GET /api/users/:userId/privacy_policy_text': envelopeReply('<p>Our policy</p>') });
  await renderInWelsh(pickerModule, '/select-company');
  const panel = screen.getByRole('dialog', { name: 'Polisi preifatrwydd' });
  expect(await within(panel).findByRole('region', { name: 'Testun y polisi preifatrwydd' })).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Derbyn' })).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: 'Allgofnodi' })).toBeInTheDocument();
  expect(screen.getByText("Rydych wedi'ch cysylltu ag 1 cyflogwr.")).toBeInTheDocument();
  expect(screen.getByText('Gweithredol')).toBeInTheDocument();
});

it('the notification choices', async () => {
  arrangeHostState({
    userId: 'user-1',
    authorisedUser: { userID: 'user-1', email: 'alex.morgan@example.com', privacyPolicyAccepted: true, employments: [] },
  });
  mockApi({ 'GET /api/users/:userId/notification-preferences': envelopeReply({ email: true, sms: false, whatsApp: false, whatsAppAvailable: false }) });
  const { container, user } = await renderInWelsh(notificationsModule, '/setup/notifications');
  expect(screen.getByRole('heading', { level: 1, name: 'Sut hoffech chi gael hysbysiadau?' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: /Neges destun/ })).toBeInTheDocument();
  expect(screen.getByText('Yn dod yn fuan: nid yw negeseuon WhatsApp ar gael eto, felly ni ellir eu troi ymlaen.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sefydlu' }));
  expect(
    screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Mae hysbysiadau e-bost yn mynd i alex.morgan@example.com.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Parhau' })).toBeInTheDocument();
  await expectNoAxeViolations(container);
});
