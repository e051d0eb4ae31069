import type { PresetName } from '../endpoints';
import type { HookPreset } from '../preset';
import { arvowPreset } from './arvow';
import { babylovegrowthPreset } from './babylovegrowth';
import { blogseoPreset } from './blogseo';
import { citeflowPreset } from './citeflow';
import { contractPreset } from './contract';
import { customPreset } from './custom';
import { earlyseoPreset } from './earlyseo';
import { getmywebrankPreset } from './getmywebrank';
import { journalistPreset } from './journalist';
import { outrankPreset } from './outrank';
import { rankpillPreset } from './rankpill';
import { ranketPreset } from './ranket';
import { ranksectorPreset } from './ranksector';
import { seocraftaiPreset } from './seocraftai';
import { seogrovePreset } from './seogrove';
import { seoladdersPreset } from './seoladders';

/** Every preset, by the name an endpoint's config gives. */
export const PRESETS: Record<PresetName, HookPreset> = {
  contract: contractPreset,
  outrank: outrankPreset,
  blogseo: blogseoPreset,
  seocraftai: seocraftaiPreset,
  seoladders: seoladdersPreset,
  rankpill: rankpillPreset,
  ranksector: ranksectorPreset,
  getmywebrank: getmywebrankPreset,
  citeflow: citeflowPreset,
  babylovegrowth: babylovegrowthPreset,
  arvow: arvowPreset,
  journalist: journalistPreset,
  seogrove: seogrovePreset,
  ranket: ranketPreset,
  earlyseo: earlyseoPreset,
  custom: customPreset,
};
