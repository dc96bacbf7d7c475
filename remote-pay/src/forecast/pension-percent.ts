// The "What if I paid more into my pension?" percentage, read as the API reads it: 0 to 100, one
// decimal place at most.
import { forecastTexts } from './messages';

export type PercentReading = { percent: number } | { error: string };

export function readPensionPercent(text: string): PercentReading {
  const value = text.trim().replace(/%$/, '').trim();
  if (value === '') return { error: forecastTexts.t('enterPercent') };
  if (!/^\d{1,3}(\.\d)?$/.test(value)) return { error: forecastTexts.t('percentNumber') };
  const percent = Number(value);
  if (percent > 100) return { error: forecastTexts.t('percentRange') };
  return { percent };
}
