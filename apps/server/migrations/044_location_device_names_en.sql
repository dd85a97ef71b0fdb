-- Monitored locations and detection devices get an English name beside their own (issue 32: every word in the
-- reader's language), as weather stations did (041). `name` stays the name the group gave (Chinese for the
-- demo's); `name_en` is the English one, null where none was given, and screens, exports and messages fall
-- back to the other. The API refuses one longer than the column takes (400 naming `name_en`), as it does
-- `name`; both columns take what `name` takes (100 characters).
ALTER TABLE locations ADD COLUMN IF NOT EXISTS name_en text CHECK (length(name_en) <= 100);
ALTER TABLE devices ADD COLUMN IF NOT EXISTS name_en text CHECK (length(name_en) <= 100);

-- The demo's sites and detection stations were seeded with both languages in one name
-- ("广州白云国际机场 (Guangzhou Baiyun Airport)", "从化 Conghua"). Rows still exactly as seeded (the demo
-- group's sites by their seeded name, the simulated stations by id and seeded name) are split; a renamed one
-- is the group's own and stays. The simulators find their sites by the Chinese name from now on.
UPDATE locations l
   SET name = v.zh, name_en = v.en
  FROM (VALUES
    ('广州白云国际机场 (Guangzhou Baiyun Airport)', '广州白云国际机场', 'Guangzhou Baiyun Airport'),
    ('深圳盐田港 (Shenzhen Yantian Port)', '深圳盐田港', 'Shenzhen Yantian Port'),
    ('东莞 500 kV 变电站 (Dongguan 500 kV substation)', '东莞 500 kV 变电站', 'Dongguan 500 kV substation'),
    ('华南理工大学五山校区 (SCUT Wushan campus)', '华南理工大学五山校区', 'SCUT Wushan campus')
  ) AS v(seeded, zh, en)
 WHERE l.name = v.seeded AND l.name_en IS NULL
   AND l.group_id IN (SELECT id FROM groups WHERE slug = 'demo');
UPDATE devices d
   SET name = v.zh, name_en = v.en
  FROM (VALUES
    ('sim-station-1', '从化 Conghua', '从化', 'Conghua'),
    ('sim-station-2', '深圳 Shenzhen', '深圳', 'Shenzhen'),
    ('sim-station-3', '珠海 Zhuhai', '珠海', 'Zhuhai'),
    ('sim-station-4', '清远 Qingyuan', '清远', 'Qingyuan')
  ) AS v(id, seeded, zh, en)
 WHERE d.id = v.id AND d.name = v.seeded AND d.name_en IS NULL;
