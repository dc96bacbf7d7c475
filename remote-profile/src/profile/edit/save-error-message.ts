// The server names a rejected field by its place in the request ('body.user.mobilePhone must be a
// phone number like 07700 900123'). The user reads it with the field's own name instead.
const FIELD_NAMES: Record<string, string> = {
  'body.user.firstName': 'Your first name',
  'body.user.middleName': 'Your middle name',
  'body.user.lastName': 'Your last name',
  'body.user.email': 'Your new email address',
  'body.email': 'Your new email address',
  'body.user.mobilePhone': 'Your mobile number',
  'body.user.birthDate': 'Your date of birth',
  'body.user.data.niNumber': 'Your National Insurance number',
};

const FIELD_MESSAGE = /^(body(?:[./][A-Za-z]+)+)\s+(.+)$/;

export function plainSaveError(message: string): string {
  const match = FIELD_MESSAGE.exec(message.trim());
  const name = match?.[1] ? FIELD_NAMES[match[1].replace(/\//g, '.')] : undefined;
  if (!match?.[2] || !name) return message;
  // A raw pattern means nothing to a person.
  const problem = match[2].startsWith('must match pattern') ? 'is not in the right format' : match[2].replace(/\.$/, '');
  return `${name} ${problem}.`;
}
