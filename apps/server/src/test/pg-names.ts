import { randomUUID } from 'node:crypto';

/**
 * Test databases carry the process id of the test run that made them (`tw_r<pid>_…`), so a run drops only
 * what dead runs left behind, never the databases of another run going on at the same time.
 */
export function templateName(runPid: number): string {
  return `tw_r${runPid}_tpl`;
}

/** A private database name of the run that made `template`. */
export function scratchName(template: string, label = ''): string {
  return `${template.replace(/_tpl$/, '')}_${label}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** The run that made a test database, or null for a name that is not a test database's. */
export function runPidOf(datname: string): number | null {
  const m = /^tw_r(\d+)_/.exec(datname);
  return m ? Number(m[1]) : null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
