import type { AccessLogEntry } from '@thunderwatch/shared/schemas/admin';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { toCsv } from '../../../lib/csv.js';
import type { AccessLogFilter, AccessLogRepo } from './access-log-repo.js';
import type { AccessLogWriter } from './access-log-writer.js';

export type AccessLogQuery = Omit<AccessLogFilter, 'groupId'>;

export const CSV_MAX_ROWS = 100_000;

const CSV_HEADER = [
  'time',
  'username',
  'user_id',
  'group_id',
  'method',
  'path',
  'status',
  'ip',
  'user_agent',
  'duration_ms',
];

const csvRow = (e: AccessLogEntry) => [
  e.at,
  e.username,
  e.user_id,
  e.group_id,
  e.method,
  e.path,
  e.status,
  e.ip,
  e.user_agent,
  e.duration_ms,
];

export class AccessLogService {
  constructor(
    private readonly repo: AccessLogRepo,
    private readonly writer: AccessLogWriter,
  ) {}

  /** Admins see every group's records, group admins their own group's. */
  async list(user: AuthUser, q: AccessLogQuery, limit: number, offset: number) {
    requirePermission(user, 'access_log.read');
    await this.writer.flush();
    return this.repo.list({ ...q, groupId: groupScope(user) }, limit, offset);
  }

  async csv(user: AuthUser, q: AccessLogQuery): Promise<string> {
    requirePermission(user, 'access_log.read');
    const page = await this.list(user, q, CSV_MAX_ROWS, 0);
    return toCsv(CSV_HEADER, page.items.map(csvRow));
  }
}
