// The words of the sign-in service's pages and of the errors on their forms, in English or Welsh
// (messages/en.json and messages/cy.json), read through the API's instance per language.
import { serverCatalog } from '../languages/catalog';
import type { Language } from '../languages/language';
import type { ChosenPasswordError } from '../http/validation';
import cy from './messages/cy.json';
import en from './messages/en.json';

export type AuthTextId = keyof typeof en;

export const authTexts = serverCatalog<AuthTextId>({ en, cy });

const MINUTE = 60_000;

/** 'Wait 15 minutes' in the given language, rounded up: minutes under an hour and a half, else hours. */
export function waitWords(language: Language, ms: number): string {
  const t = authTexts(language);
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return minutes < 90 ? t('minutes', { count: minutes }) : t('hours', { count: Math.ceil(minutes / 60) });
}

/** A chosen password's problems (http/validation.ts chosenPasswordErrors) in the page's words, by their rule. */
export function chosenPasswordWords(language: Language, problems: ChosenPasswordError[], min: number): ChosenPasswordError[] {
  const t = authTexts(language);
  return problems.map((problem) => {
    switch (problem.rule) {
      case 'too_short':
        return { ...problem, message: t(problem.field === 'newPassword' ? 'newPasswordTooShort' : 'passwordTooShort', { min }) };
      case 'too_common':
        return { ...problem, message: t('passwordTooCommon') };
      case 'mismatch':
        return { ...problem, message: t('passwordsDoNotMatch') };
      default:
        return problem;
    }
  });
}
