/**
 * The settings that decide where articles land: what the admin's live target check sends and the
 * server checks. Plain constants: the admin bundle imports this file.
 */
export const TARGET_SETTING_KEYS = [
  'targetContentType',
  'fields',
  'bodyFormat',
  'categoryContentType',
  'categoryFields',
] as const;

export type TargetSettingKey = (typeof TARGET_SETTING_KEYS)[number];
