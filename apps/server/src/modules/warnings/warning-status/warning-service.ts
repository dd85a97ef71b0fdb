import type { AlarmConfirmInput, AlarmDto, WarningItem } from '@thunderwatch/shared/schemas/warnings';
import type { Database, Queryable } from '../../../db/database.js';
import { type AuthUser, groupScope, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import { readScope } from '../../../lib/group-scope.js';

/** What the warning endpoints need of the live warning engine (the pipeline's seat provides it). */
export interface LiveWarnings {
  /** Every watched location's live warning, of one group or of all (null). */
  warnings(groupId: number | null): Promise<WarningItem[]>;
  /** Tells the engine, wherever it runs, that a lightning alarm was confirmed. */
  alarmConfirmed(alarm: AlarmDto): Promise<void>;
}

/** The warning endpoints' rules: who may read warnings and confirm alarms. */
export class WarningService {
  constructor(
    private readonly d: {
      engine: LiveWarnings;
      alarms: {
        findById(id: number, groupId: number | null): Promise<AlarmDto | null>;
        confirm(id: number, userId: number, note: string | null, at: Date, tx: Queryable): Promise<boolean>;
      };
      db: Pick<Database, 'transaction'>;
      now: () => Date;
      /** Stops a lightning alarm's escalation and tells everyone it went to, in the confirmation's transaction. */
      outbox?: {
        confirmed(tx: Queryable, alarmId: number, at: Date): Promise<void>;
        committed(): void;
      };
    },
  ) {}

  async list(user: AuthUser, groupId?: number): Promise<{ items: WarningItem[] }> {
    requirePermission(user, 'location.read');
    return { items: await this.d.engine.warnings(readScope(user, groupId)) };
  }

  /**
   * Confirms an alarm of any kind once; confirming again is harmless and answers the first confirmation. A
   * lightning alarm's confirmation also stops its escalation, tells everyone it went to and updates the
   * board's count; the other kinds escalate to no one and are not counted there.
   */
  async confirm(user: AuthUser, input: AlarmConfirmInput): Promise<AlarmDto> {
    requirePermission(user, 'alarm.confirm');
    const scope = groupScope(user);
    const found = await this.d.alarms.findById(input.id, scope);
    if (!found) throw new AppError('alarm.not_found', 404, 'No such alarm');
    const note = input.note?.trim() ? input.note.trim() : null;
    const at = this.d.now();
    const lightning = found.kind === 'lightning';
    const changed = await this.d.db.transaction(async (tx) => {
      if (!(await this.d.alarms.confirm(input.id, user.id, note, at, tx))) return false;
      if (lightning) await this.d.outbox?.confirmed(tx, input.id, at);
      return true;
    });
    const alarm = (await this.d.alarms.findById(input.id, scope)) as AlarmDto;
    if (changed && lightning) {
      this.d.outbox?.committed();
      await this.d.engine.alarmConfirmed(alarm);
    }
    return alarm;
  }
}
