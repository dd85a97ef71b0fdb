import { useQuery } from '@tanstack/react-query';
import type { CompanyInfo } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Branding for the request host (open path): title in both languages and an optional logo. */
export function getCompanyInfo(): Promise<CompanyInfo> {
  return apiClient.get<CompanyInfo>('/api/comp_info');
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: queryKeys.companyInfo,
    queryFn: getCompanyInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
