import { screen } from '@testing-library/react';
import { activateLanguage } from '@portal/shared/i18n';
import { expectNoAxeViolations } from '@portal/shared/testing/axe';
import { actAsHost } from '@portal/shared/testing/host-state';
import { renderWithProviders, resetStores, setTestRuntimeConfig } from '@portal/shared/testing/render';
import { loadMessages } from '../../exposed/SettingsPage';
import { LanguageSettings } from './LanguageSettings';

let hostGone: (() => void) | undefined;
const switchLanguage = jest.fn(async () => {});

beforeEach(() => {
  resetStores();
  switchLanguage.mockClear();
  hostGone = actAsHost({ switchLanguage });
});

afterEach(() => {
  hostGone?.();
  activateLanguage('en');
});

describe('Settings: language', () => {
  it('is not there where the portal offers English alone', () => {
    setTestRuntimeConfig({ languages: ['en'] });
    const { container } = renderWithProviders(<LanguageSettings />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers each language named in itself, the page’s chosen, and asks the host to switch to the one saved', async () => {
    setTestRuntimeConfig({ languages: ['en', 'cy'] });
    const { user, container } = renderWithProviders(<LanguageSettings />);
    const section = screen.getByRole('region', { name: 'Language' });
    const group = screen.getByRole('group', { name: 'The language the portal uses' });
    expect(group).toHaveAccessibleDescription('Kept on your account: the portal uses it on every device you sign in on.');
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cymraeg' }).closest('label')).toHaveAttribute('lang', 'cy');

    // Saving the language already in use changes nothing.
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    expect(switchLanguage).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Cymraeg' }));
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    expect(switchLanguage).toHaveBeenCalledWith('cy');
    expect(section).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('speaks Welsh on a Welsh page once the page module has loaded its texts', async () => {
    setTestRuntimeConfig({ languages: ['en', 'cy'] });
    activateLanguage('cy');
    await loadMessages();
    renderWithProviders(<LanguageSettings />);
    expect(screen.getByRole('region', { name: 'Iaith' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cymraeg' })).toBeChecked();
    expect(screen.getByRole('button', { name: "Cadw'r iaith" })).toBeInTheDocument();
  });
});
