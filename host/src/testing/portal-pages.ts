// The page lists the remotes publish, from their own sources, for the host's tests to compose
// routes and the menu from what the portal really serves (the one place the host reads a remote's files).
import type { RuntimeConfig } from '@portal/shared/runtime-config';
import { setTestRuntimeConfig, type RuntimeConfigOverrides } from '@portal/shared/testing/render';
import onboardingPages from '../../../remote-onboarding/src/pages';
import payPages from '../../../remote-pay/src/pages';
import documentsPages from '../../../remote-documents/src/pages';
import profilePages from '../../../remote-profile/src/pages';
import employerPages from '../../../remote-employer/src/pages';

export const PORTAL_PAGE_LISTS: RuntimeConfig['pages'] = {
  onboarding: onboardingPages,
  pay: payPages,
  documents: documentsPages,
  profile: profilePages,
  employer: employerPages,
};

/** A test runtime config whose page lists are the remotes' own (overrides merged in). */
export function setHostTestRuntimeConfig(overrides: RuntimeConfigOverrides = {}): RuntimeConfig {
  return setTestRuntimeConfig({ pages: PORTAL_PAGE_LISTS, ...overrides });
}
