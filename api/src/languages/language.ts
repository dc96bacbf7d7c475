// The portal's two languages, as the API keeps a person's choice and draws their documents in it.
export type Language = 'en' | 'cy';
