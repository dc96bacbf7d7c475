// Comparisons that must ignore how a person typed something.

/** UK mobile numbers in one form: '+44 7700 900123' and '07700-900123' both become '07700900123'. */
export function normalisePhone(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('0044')) digits = `0${digits.slice(4)}`;
  else if (digits.startsWith('44')) digits = `0${digits.slice(2)}`;
  return digits;
}

/** 'MM/DD/YYYY' (the finalize payload) to 'YYYY-MM-DD', or null when it is not a real date. */
export function usDateToIso(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}
