// The support phone number and email as links (both from runtime config), used wherever the portal
// says how to reach the support team: the landing page's 'Need help?' and Contact details.

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

export const SUPPORT_HOURS = 'Lines are open Monday to Friday, 8am to 6pm, except bank holidays.';
