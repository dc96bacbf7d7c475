// The privacy-policy panel's texts in both languages (the policy itself is the employer's, as published).
import { defineMessages } from '@portal/shared/i18n';
import en from './en.json';

export const policyTexts = defineMessages('privacyPolicy', { en, cy: () => import('./cy.json') });
