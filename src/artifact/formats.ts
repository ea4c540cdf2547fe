/**
 * The JSON Schema formats the precompiled validators (src/artifact/validators/) check, in place of
 * ajv-formats' `fullFormats`: the schemas use `date-time` only, and scripts/build-validators.mjs
 * refuses a schema that names a format this module does not provide.
 *
 * Why not ajv-formats' own: its `date-time` splits the text with a regular expression and runs two
 * more (~11,000 instructions a call, cold), and upgrade-check validates one per index entry (3,111 in
 * the real index) on every run (issue 21). This is the same check with one regular expression:
 * test/schema-formats.test.ts compares the two on generated and hand-picked strings.
 */

/**
 * ajv-formats' `date-time` with `strictTimeZone` (what its `fullFormats` uses): `<date>` then one
 * `T`, `t` or white-space character, then `<time>` with a zone. ajv-formats splits on that separator
 * and requires exactly two parts; neither part can contain a separator, so one match of the joined
 * expression (`i` covers `t`/`z`, as in ajv-formats) accepts exactly the same texts.
 */
const DATE_TIME = /^(\d\d\d\d)-(\d\d)-(\d\d)(?:t|\s)(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const year = +match[1]!;
  const month = +match[2]!;
  const day = +match[3]!;
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month]!))) return false;
  const hour = +match[4]!;
  const minute = +match[5]!;
  const second = +match[6]!;
  const zone = match[7];
  const zoneSign = match[8] === '-' ? -1 : 1;
  const zoneHours = +(match[9] || 0);
  const zoneMinutes = +(match[10] || 0);
  if (zoneHours > 23 || zoneMinutes > 59 || !zone) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second: 23:59:60 in UTC.
  const utcMinute = minute - zoneMinutes * zoneSign;
  const utcHour = hour - zoneHours * zoneSign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** Shaped like ajv-formats' `fullFormats` entries, as Ajv's standalone code reads them (`formats0.validate(text)`). */
export const fullFormats = {
  'date-time': { validate: isDateTime },
} as const;
