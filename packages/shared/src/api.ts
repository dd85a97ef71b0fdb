export interface Page<T> {
  items: T[];
  total: number;
}

export interface AccessLogEntry {
  id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  group_id: number | null;
  method: string;
  path: string;
  status: number;
  ip: string;
  user_agent: string;
  duration_ms: number;
}
