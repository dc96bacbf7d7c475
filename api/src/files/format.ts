// British formats for text inside documents (the API itself sends numbers and ISO dates).
const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function gbp(pence: number): string {
  return money.format(pence / 100);
}

export function britishDate(iso: string): string {
  return longDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}
