/**
 * The scheduled-publishing poll runs as a Strapi cron task, whose period is a cron pattern: seconds
 * that divide into a minute's count (1 to 59), or whole minutes up to an hour.
 */
export function isCronPeriod(seconds: number): boolean {
  if (!Number.isInteger(seconds) || seconds < 1) return false;
  return seconds < 60 || (seconds % 60 === 0 && seconds <= 3600);
}

/**
 * The six-field cron pattern (seconds first) for a period of `seconds`. Under a minute it fires at the
 * seconds of each minute divisible by the period (so 45 fires at :00 and :45); a due post waits at most
 * one period either way.
 */
export function pollPattern(seconds: number): string {
  if (!isCronPeriod(seconds)) throw new RangeError(`${seconds} is not a schedule poll period`);
  if (seconds < 60) return `*/${seconds} * * * * *`;
  const minutes = seconds / 60;
  return minutes === 60 ? '0 0 * * * *' : `0 */${minutes} * * * *`;
}
