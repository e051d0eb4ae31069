import fs from 'node:fs';
import { createStageTimings } from '../../../core/src/stage-timings';

/**
 * ARTICLE_PUBLISHER_STAGE_TIMINGS names a file that receives one JSON line per image import and per
 * publish, with the time of each stage (read by `npm run bench`). Read once: unset, timing is off and
 * costs nothing.
 */
const file = process.env.ARTICLE_PUBLISHER_STAGE_TIMINGS;

export const stageTimings = createStageTimings(
  file ? (record) => fs.appendFileSync(file, `${JSON.stringify(record)}\n`) : undefined
);
