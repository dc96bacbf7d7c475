// Plain fetcher of the forecast: the next payslip estimated from the latest, with an optional pension what-if.
import { apiGet, employmentApiPath } from '@portal/shared/api/client';
import type { EmploymentScope } from '@portal/shared/api/client';
import type { PayForecast } from '@portal/shared/api/types';

/** Another pension contribution to price: a percentage of pay, and whether by salary sacrifice. */
export type PensionWhatIf = { percent: number; salarySacrifice: boolean };

/** GET /api/users/{userId}/employments/{employmentId}/forecast[?pensionPercent=&salarySacrifice=] */
export async function fetchForecast(scope: EmploymentScope, whatIf: PensionWhatIf | null, signal?: AbortSignal): Promise<PayForecast> {
  const query = whatIf ? `?${new URLSearchParams({ pensionPercent: String(whatIf.percent), salarySacrifice: String(whatIf.salarySacrifice) })}` : '';
  const { data } = await apiGet<PayForecast>(`${employmentApiPath(scope, 'forecast')}${query}`, { signal });
  return data;
}
