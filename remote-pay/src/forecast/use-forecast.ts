// The forecast of the chosen employment, and the same with a pension what-if: each its own cache entry.
import type { PayForecast } from '@portal/shared/api/types';
import { useEmploymentQuery } from '@portal/shared/react/portal-query';
import type { UseQueryResult } from '@portal/shared/query';
import { fetchForecast, type PensionWhatIf } from './api';

export function useForecast(whatIf: PensionWhatIf | null = null, enabled = true): UseQueryResult<PayForecast> {
  return useEmploymentQuery({
    key: whatIf ? ['forecast', whatIf.percent, whatIf.salarySacrifice ? 'salary-sacrifice' : 'from-pay'] : ['forecast'],
    fetch: (scope, signal) => fetchForecast(scope, whatIf, signal),
    errorMessage: 'Loading the pay forecast failed.',
    enabled,
  });
}
