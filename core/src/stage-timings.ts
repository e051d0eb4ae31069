/**
 * Wall-clock time per stage of one unit of work (one image import, one publish), for the benchmark's
 * breakdowns. Without a sink, timing is off: `time` just runs the work and nothing is measured.
 * Stages nest: a stage's own time excludes the stages timed inside it, so the stages of one record
 * add up to at most its total (the rest is untimed glue).
 */
export interface StageRecord {
  kind: string;
  totalMs: number;
  stages: Record<string, number>;
}

export type StageSink = (record: StageRecord) => void;

export interface StageClock {
  /** Runs `work` as the named stage. */
  time<T>(stage: string, work: () => Promise<T>): Promise<T>;
  /** Starts the named stage now; the returned function ends it (stages end in reverse order of starting). */
  begin(stage: string): () => void;
  /** Adds time measured elsewhere (e.g. spread over a stream) to a stage inside the current one. */
  add(stage: string, ms: number): void;
  /** Hands the record to the sink, when a stage was timed. */
  finish(): void;
}

export interface StageTimings {
  enabled: boolean;
  start(kind: string): StageClock;
}

const ignore = () => undefined;

const OFF_CLOCK: StageClock = {
  time: (_stage, work) => work(),
  begin: () => ignore,
  add: ignore,
  finish: ignore,
};

export function createStageTimings(
  sink: StageSink | undefined,
  /** The clock (a test's own, so that its sums are exact); milliseconds. */
  now: () => number = () => performance.now()
): StageTimings {
  if (!sink) return { enabled: false, start: () => OFF_CLOCK };
  return {
    enabled: true,
    start(kind: string): StageClock {
      const began = now();
      const stages: Record<string, number> = {};
      // Time spent in nested stages, per open stage, so each stage records only its own time.
      const nested: number[] = [];
      const record = (stage: string, ms: number) => {
        stages[stage] = (stages[stage] ?? 0) + ms;
        if (nested.length) nested[nested.length - 1] += ms;
      };
      const clock: StageClock = {
        begin(stage) {
          const start = now();
          nested.push(0);
          return () => {
            const inner = nested.pop() ?? 0;
            const elapsed = now() - start;
            record(stage, elapsed - inner);
            // The parent excludes the whole of this stage, nested stages included.
            if (nested.length) nested[nested.length - 1] += inner;
          };
        },
        async time(stage, work) {
          const end = clock.begin(stage);
          try {
            return await work();
          } finally {
            end();
          }
        },
        add: record,
        // A unit that timed nothing (an image reused as it was: no fetch, no upload) has no breakdown to
        // give; handing it over would charge the sink's work (the benchmark's file write) to its publish.
        finish: () => {
          if (Object.keys(stages).length) sink({ kind, totalMs: now() - began, stages });
        },
      };
      return clock;
    },
  };
}
