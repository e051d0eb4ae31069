/** WordPress's REST date format: `2024-05-01T09:30:00`, no zone (the `_gmt` twin is in UTC; this site's are both UTC). */
export function wordpressDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19);
}

/**
 * The date forms WordPress's `rest_parse_date` reads: `YYYY-MM-DD`, then `T`, `t` or a space, then
 * `HH:MM:SS` with an optional fraction, then an optional zone: `Z`, `+hh:mm` or hour-only `+hh`.
 * `+hhmm` is read too (WordPress's pattern refuses it; the instant it names is unambiguous).
 */
const REST_DATE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/**
 * A date a client sent (`date` or `date_gmt`), as WordPress reads it: one without a zone is in the
 * site's zone, which is UTC here (`gmt_offset` 0), so `2024-05-01 09:30:00` is 09:30 UTC; one with a
 * zone is that instant. The fraction is dropped (WordPress keeps whole seconds). Undefined when it is
 * not one of these forms or names no real time (February 30th, 25:00, an offset of 24 hours or more).
 */
export function parseWordPressDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const parts = REST_DATE.exec(value);
  if (!parts) return undefined;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1, 7).map(Number);
  const [, , , , , , , utc, sign, offsetHours, offsetMinutes] = parts;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes &&
    date.getUTCSeconds() === seconds;
  if (!real) return undefined;
  if (utc || !sign) return date;
  const offset = Number(offsetHours) * 60 + Number(offsetMinutes ?? 0);
  if (Number(offsetHours) > 23 || Number(offsetMinutes ?? 0) > 59) return undefined;
  return new Date(date.getTime() - (sign === '-' ? -1 : 1) * offset * 60_000);
}

/** How a date WordPress cannot read is refused, under the parameter's name (WordPress says "Invalid date."). */
export const INVALID_DATE =
  'Invalid date. Send RFC 3339 (2030-01-01T09:30:00+02:00, or Z, +02, +0200) or 2030-01-01 09:30:00 (site time: UTC).';
