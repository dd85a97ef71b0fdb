import { hostLabel, pickByHostLabel } from '@thunderwatch/domain/common/host-title';
import { CompanyInfo } from '@thunderwatch/shared/schemas/accounts';
import type { CompanyEntry } from '../../../config.js';
import type { App } from '../../../lib/fastify.js';

/** Branding by the first label of the host name (`gz` in gz.example.com), open to everyone. */
export function companyRoutes(
  app: App,
  companies: Record<string, CompanyEntry>,
  fallback: CompanyEntry,
): void {
  app.get('/api/comp_info', { schema: { tags: ['open'], response: { 200: CompanyInfo } } }, (req) => {
    const entry = pickByHostLabel(req.host, companies, fallback);
    return { label: hostLabel(req.host), ...entry };
  });
}
