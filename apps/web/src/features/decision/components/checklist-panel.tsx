import type { ChecklistItem, ChecklistTick } from '@thunderwatch/shared/schemas/decision';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDateTime } from '../../../lib/time';
import { useChecklistItems, useChecklistTicks } from '../api/get-checklist';
import { useSetTick } from '../api/set-tick';
import { LEVEL_COLORS, LEVEL_TEXT, type Situation } from '../hooks/situation';
import { ChecklistEditor } from './checklist-editor';

interface ChecklistPanelProps {
  situation: Situation;
  canTick: boolean;
  canEdit: boolean;
  timeZone: string;
}

/**
 * The checklist of the level in force (blue's, to prepare, when nothing is), ticked for the situation: who ticked
 * each item and when. Without checklist.tick the boxes show but cannot change.
 */
export function ChecklistPanel({ situation, canTick, canEdit, timeZone }: ChecklistPanelProps) {
  const { t, i18n } = useTranslation();
  const level = situation.level ?? 'blue';
  const items = useChecklistItems();
  const ticks = useChecklistTicks(situation.key);
  const setTick = useSetTick(situation.key);
  // The box follows the click at once; the stored tick (who, when) replaces this when the answer comes.
  const [editing, setEditing] = useState(false);
  const [clicked, setClicked] = useState<ReadonlyMap<number, boolean>>(new Map());
  const change = (itemId: number, ticked: boolean) => {
    setClicked((m) => new Map(m).set(itemId, ticked));
    setTick.mutate(
      { itemId, ticked },
      {
        onSettled: () =>
          setClicked((m) => {
            const next = new Map(m);
            next.delete(itemId);
            return next;
          }),
      },
    );
  };
  const byItem = new Map<number, ChecklistTick>((ticks.data?.ticks ?? []).map((x) => [x.item_id, x]));
  const list = (items.data?.items ?? []).filter((i) => i.level === level);
  const done = list.filter((i) => byItem.has(i.id)).length;
  const text = (i: ChecklistItem) => (i18n.language === 'zh-Hans' ? i.text_zh : i.text_en);
  return (
    <section className="decision-panel decision-checklist" aria-labelledby="decision-checklist-title">
      <div className="decision-panel-head">
        <h2 id="decision-checklist-title">
          {t('decision.checklist.title', { level: t(`decision.level.${level}`) })}
        </h2>
        <span
          className="decision-level decision-level-small"
          style={{ background: LEVEL_COLORS[level], color: LEVEL_TEXT[level] }}
        >
          {t('decision.checklist.done', { done, total: list.length })}
        </span>
        {canEdit && (
          <button
            type="button"
            className="button button-small button-secondary"
            aria-pressed={editing}
            onClick={() => setEditing((e) => !e)}
          >
            {editing ? t('decision.checklist.done_editing') : t('decision.checklist.edit')}
          </button>
        )}
      </div>
      {editing && <ChecklistEditor level={level} items={list} />}
      {situation.level === null && <p className="muted">{t('decision.checklist.prepare')}</p>}
      {!canTick && <p className="muted">{t('decision.checklist.read_only')}</p>}
      <ErrorMessage error={items.error ?? ticks.error ?? setTick.error} />
      <ul className="decision-scroll decision-checklist-items">
        {list.map((item) => {
          const tick = byItem.get(item.id);
          return (
            <li key={item.id} className={tick ? 'ticked' : undefined}>
              <label>
                <input
                  type="checkbox"
                  checked={clicked.get(item.id) ?? tick !== undefined}
                  disabled={!canTick}
                  onChange={(event) => change(item.id, event.target.checked)}
                />
                <span>{text(item)}</span>
              </label>
              {tick && (
                <span className="decision-tick-by">
                  {t('decision.checklist.ticked_by', {
                    name: tick.ticked_by.name,
                    time: formatDateTime(tick.ticked_at, timeZone, i18n.language).slice(-8, -3),
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
