// The portal's two languages, as the API keeps a person's choice and writes their documents in it.
export type Language = 'en' | 'cy';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'cy';

/** Dates and money in each language (Node's Intl has Welsh: '5 Ebrill 2024'). */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', cy: 'cy-GB' };
