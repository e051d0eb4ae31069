import fs from 'node:fs';
import { createStageTimings } from '../../../core/src/stage-timings';

/**
 * ARTICLE_PUBLISHER_STAGE_TIMINGS names a file that receives one JSON line per image import and per
 * publish, with the time of each stage (read by `npm run bench`). Read once: unset, timing is off and
 * costs nothing.
 */
const file = process.env.ARTICLE_PUBLISHER_STAGE_TIMINGS;

/**
 * The file stays open for appending: one write a record instead of an open, a write and a close, which
 * the benchmark's throughput figure (p5) charged to every publish. Written at once (the benchmark reads
 * a publish's record as soon as it is answered); appending, so the reader may empty the file meanwhile.
 */
let descriptor: number | undefined;
const append = (path: string, line: string) => {
  descriptor ??= fs.openSync(path, 'a');
  fs.writeSync(descriptor, line);
};

export const stageTimings = createStageTimings(
  file ? (record) => append(file, `${JSON.stringify(record)}\n`) : undefined
);
