import type {
  ChecklistItem,
  ChecklistItemInput,
  ChecklistItems,
  ChecklistTick,
  ChecklistTicks,
  WarningLevelName,
} from '@thunderwatch/shared/schemas/decision';
import { type AuthUser, requirePermission } from '../../../lib/access.js';
import { AppError } from '../../../lib/app-error.js';
import type { ChecklistsRepo } from './checklists-repo.js';

const itemNotFound = (id: number) =>
  new AppError('checklist.item_not_found', 404, `no checklist item ${id}`, [
    { field: 'id', message: 'is not a checklist item' },
  ]);

/**
 * The decision checklists: items per warning level, shared by every group and edited with checklist.manage;
 * ticks per group and situation by the duty officer (checklist.tick). The access log records each tick and
 * untick (their paths name the situation and the item).
 */
export class ChecklistsService {
  constructor(
    private readonly repo: ChecklistsRepo,
    /** Whether an official warning is stored: a `warning:<id>` situation must name one. */
    private readonly warningExists: (id: number) => Promise<boolean>,
  ) {}

  async items(user: AuthUser, level: WarningLevelName | undefined): Promise<ChecklistItems> {
    requirePermission(user, 'location.read');
    return { items: await this.repo.items(level ?? null) };
  }

  async create(user: AuthUser, input: ChecklistItemInput): Promise<ChecklistItem> {
    requirePermission(user, 'checklist.manage');
    return this.repo.create(trimmed(input), user.id);
  }

  async update(user: AuthUser, id: number, input: ChecklistItemInput): Promise<ChecklistItem> {
    requirePermission(user, 'checklist.manage');
    const item = await this.repo.update(id, trimmed(input), user.id);
    if (!item) throw itemNotFound(id);
    return item;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    requirePermission(user, 'checklist.manage');
    if (!(await this.repo.remove(id))) throw itemNotFound(id);
  }

  /** The caller's group's ticks of a situation. */
  async ticks(user: AuthUser, situation: string): Promise<ChecklistTicks> {
    requirePermission(user, 'location.read');
    return { situation, ticks: await this.repo.ticks(user.groupId, situation) };
  }

  async tick(user: AuthUser, situation: string, itemId: number): Promise<ChecklistTick> {
    requirePermission(user, 'checklist.tick');
    const warningId = /^warning:(\d+)$/.exec(situation)?.[1];
    if (warningId !== undefined && !(await this.warningExists(Number(warningId))))
      throw new AppError('weather_warning.not_found', 404, `no weather warning ${warningId}`, [
        { field: 'situation', message: 'names no stored official warning' },
      ]);
    const tick = await this.repo.tick(user.groupId, situation, itemId, { id: user.id, name: user.username });
    if (!tick) throw itemNotFound(itemId);
    return tick;
  }

  /** Unticking what is not ticked is fine (another officer may have done it first); an unknown item is not. */
  async untick(user: AuthUser, situation: string, itemId: number): Promise<void> {
    requirePermission(user, 'checklist.tick');
    if (await this.repo.untick(user.groupId, situation, itemId)) return;
    if (!(await this.repo.itemExists(itemId))) throw itemNotFound(itemId);
  }
}

/** Texts without surrounding blanks; a text of blanks only is refused by name. */
function trimmed(input: ChecklistItemInput): ChecklistItemInput {
  const text_zh = input.text_zh.trim();
  const text_en = input.text_en.trim();
  const blank = [text_zh ? null : 'text_zh', text_en ? null : 'text_en'].filter(
    (f): f is string => f !== null,
  );
  if (blank.length > 0)
    throw new AppError(
      'validation.failed',
      400,
      `${blank.join(', ')} must not be blank`,
      blank.map((field) => ({ field, message: 'must not be blank' })),
    );
  return { ...input, text_zh, text_en };
}
