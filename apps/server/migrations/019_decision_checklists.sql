-- The gale screen's decision checklists: per CMA warning level the actions a duty officer works through
-- (shared by every group, edited by holders of checklist.manage), and each group's ticks per situation: an
-- official warning (`warning:<id>`) or, with none in force, the gale stations measure on a day
-- (`observed:YYYY-MM-DD`, UTC). A tick row says who ticked and when; unticking deletes it. Every tick and
-- untick is also a row of access_log (PUT / DELETE of its path), which keeps the history.

CREATE TABLE decision_checklist_items (
  id bigserial PRIMARY KEY,
  level text NOT NULL CHECK (level IN ('blue', 'yellow', 'orange', 'red')),
  position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000),
  text_zh text NOT NULL CHECK (length(text_zh) BETWEEN 1 AND 200),
  text_en text NOT NULL CHECK (length(text_en) BETWEEN 1 AND 200),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX decision_checklist_items_level_idx ON decision_checklist_items (level, position);

CREATE TABLE decision_checklist_ticks (
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  situation text NOT NULL CHECK (length(situation) BETWEEN 1 AND 120),
  item_id bigint NOT NULL REFERENCES decision_checklist_items (id) ON DELETE CASCADE,
  ticked_by bigint REFERENCES users (id) ON DELETE SET NULL,
  ticked_by_name text NOT NULL,
  ticked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, situation, item_id)
);

INSERT INTO decision_checklist_items (level, position, text_zh, text_en) VALUES
  ('blue', 1, '关注大风预警及站点实况，值班人员到岗', 'Watch the gale warning and station winds; duty staff on post'),
  ('blue', 2, '检查并加固临时搭建物、广告牌', 'Check and secure temporary structures and billboards'),
  ('blue', 3, '通知户外作业班组做好防风准备', 'Tell outdoor work crews to prepare for strong wind'),
  ('yellow', 1, '停止高空作业', 'Stop outdoor work at height'),
  ('yellow', 2, '塔吊、门机等起重设备停止作业并锁定', 'Stop and lock cranes and gantries'),
  ('yellow', 3, '加固门窗、围挡及室外设备', 'Secure doors, windows, fences and outdoor equipment'),
  ('yellow', 4, '船只回港避风，停止海上作业', 'Bring vessels into harbour; stop work at sea'),
  ('orange', 1, '停止所有露天作业，人员撤至安全场所', 'Stop all open-air work; move staff to shelter'),
  ('orange', 2, '起重设备落钩、锚定，拆除易被吹落物', 'Lower crane hooks, anchor cranes, remove loose objects'),
  ('orange', 3, '启动应急预案，抢险队伍待命', 'Activate the emergency plan; rescue teams on standby'),
  ('orange', 4, '切断危险的室外电源', 'Cut dangerous outdoor power supplies'),
  ('red', 1, '人员留在安全建筑内，停止一切户外活动', 'Keep everyone inside safe buildings; no outdoor activity'),
  ('red', 2, '停工停产，关闭非必要设施', 'Stop work and production; close non-essential facilities'),
  ('red', 3, '每小时向指挥部报告现场情况', 'Report the site''s state to command every hour'),
  ('red', 4, '做好抢险救灾及人员转移准备', 'Prepare for rescue and evacuation');
