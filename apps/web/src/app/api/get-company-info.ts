import { useQuery } from '@tanstack/react-query';
import type { CompanyInfo } from '@thunderwatch/shared/schemas/accounts';
import { apiClient } from '../../lib/api-client';

export const companyInfoQueryKey = ['comp_info'] as const;

/** Branding for the request host (open path): title in both languages and an optional logo. */
export function getCompanyInfo(): Promise<CompanyInfo> {
  return apiClient.get<CompanyInfo>('/api/comp_info');
}

export function useCompanyInfo() {
  return useQuery({
    queryKey: companyInfoQueryKey,
    queryFn: getCompanyInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
