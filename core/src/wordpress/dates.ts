/** WordPress's REST date format: `2024-05-01T09:30:00`, no zone (the `_gmt` twin is in UTC; this site's are both UTC). */
export function wordpressDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19);
}

/**
 * A date a client sent: WordPress reads one without a zone in the site's zone, which is UTC here, so
 * `2024-05-01T09:30:00` is 09:30 UTC. Undefined when it is not a date.
 */
export function parseWordPressDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
  const date = new Date(hasZone ? value.trim() : `${value.trim()}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
