// Where a user who already has employments came from when they open /setup to add an employer:
// with one employment, Home; with several, the account picker. A user with
// none has nowhere to go back to (Sign out stays their only way out, as the spec has it).
import type { Employment } from '@portal/shared/api/types';
import { paths } from '@portal/shared/paths';
import { setupTexts } from './messages';

export type WayBack = { readonly label: string; readonly to: string };

export function wayBackFromSetup(employments: readonly Employment[], chosenEmploymentId: string | null): WayBack | null {
  if (employments.length === 0) return null;
  if (employments.length === 1) return { label: setupTexts.t('backToHome'), to: paths.home.getHref() };
  // Signed up (an employment chosen), the picker is /select-company; before that, /setup/select-company.
  const picker = chosenEmploymentId ? paths.selectCompany : paths.setupSelectCompany;
  return { label: setupTexts.t('backToEmployers'), to: picker.getHref() };
}
