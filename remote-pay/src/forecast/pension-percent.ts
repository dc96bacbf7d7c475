// The "What if I paid more into my pension?" percentage, read as the API reads it: 0 to 100, one
// decimal place at most.
export type PercentReading = { percent: number } | { error: string };

export function readPensionPercent(text: string): PercentReading {
  const value = text.trim().replace(/%$/, '').trim();
  if (value === '') return { error: 'Enter the percentage of your pay to put into your pension' };
  if (!/^\d{1,3}(\.\d)?$/.test(value)) return { error: 'Enter a percentage as a number, like 8 or 8.5' };
  const percent = Number(value);
  if (percent > 100) return { error: 'Enter a percentage between 0 and 100' };
  return { percent };
}
