/**
 * Deprecation and stability policies of an API team, read from extensions of operations and
 * parameters (oasdiff's conventions): `x-sunset` (the RFC 3339 date a deprecated element may be
 * removed on) and `x-stability-level` (`draft` < `alpha` < `beta` < `stable`). Teams that spell them
 * otherwise name their extensions in the config (`rest.sunsetExtension`, `rest.stabilityExtension`).
 *
 * "Today" is the date of the `--to` commit, never the wall clock: the same release always gets the
 * same report. Without a date, no sunset counts as passed (fail closed).
 */

export interface RestPolicy {
  /** ISO 8601 date or date-time that sunsets are compared with: the `--to` commit's date. */
  readonly today?: string;
  readonly stabilityExtension: string;
  readonly sunsetExtension: string;
}

export const DEFAULT_STABILITY_EXTENSION = 'x-stability-level';
export const DEFAULT_SUNSET_EXTENSION = 'x-sunset';

export const DEFAULT_POLICY: RestPolicy = { stabilityExtension: DEFAULT_STABILITY_EXTENSION, sunsetExtension: DEFAULT_SUNSET_EXTENSION };

/** From least to most stable: clients of a `draft` or `alpha` operation accepted that it may change. */
export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type StabilityLevel = (typeof STABILITY_LEVELS)[number];

export type Stability = { level: StabilityLevel; declared: boolean } | { invalid: string };

/** The declared level; none declared reads as `stable` (oasdiff's default). */
export function stabilityOf(extensions: Readonly<Record<string, unknown>>, policy: RestPolicy): Stability {
  const value = extensions[policy.stabilityExtension];
  if (value === undefined) return { level: 'stable', declared: false };
  if (typeof value === 'string' && (STABILITY_LEVELS as readonly string[]).includes(value)) return { level: value as StabilityLevel, declared: true };
  return { invalid: shownValue(value) };
}

/** A level whose changes are advisories: an invalid value is not one (it is judged as `stable`). */
export function isUnstable(stability: Stability): stability is { level: 'draft' | 'alpha'; declared: boolean } {
  return 'level' in stability && (stability.level === 'draft' || stability.level === 'alpha');
}

export function stabilityRank(level: StabilityLevel): number {
  return STABILITY_LEVELS.indexOf(level);
}

export type Sunset = { date: string; instant: number } | { invalid: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The sunset of an element, `undefined` when none is declared. */
export function sunsetOf(extensions: Readonly<Record<string, unknown>>, policy: RestPolicy): Sunset | undefined {
  const value = extensions[policy.sunsetExtension];
  if (value === undefined) return undefined;
  const instant = typeof value === 'string' ? parseInstant(value) : undefined;
  return instant === undefined ? { invalid: shownValue(value) } : { date: value as string, instant };
}

/** An RFC 3339 full-date (start of that day, UTC) or date-time, as epoch milliseconds; `undefined` when not one. */
export function parseInstant(text: string): number | undefined {
  const date = DATE.exec(text);
  const dateTime = date ? undefined : DATE_TIME.exec(text);
  const parts = date ?? dateTime;
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Date.UTC rolls 2025-02-30 over into March: a day that does not exist is not a date.
  const startOfDay = Date.UTC(year, month - 1, day);
  const check = new Date(startOfDay);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  if (!dateTime) return startOfDay;
  const instant = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(instant) ? undefined : instant;
}

/** Whether the sunset is proven reached on {@link RestPolicy.today}; without a usable date it is not. */
export function sunsetReached(sunset: { instant: number }, policy: RestPolicy): boolean {
  const today = policy.today === undefined ? undefined : parseInstant(policy.today);
  return today !== undefined && today >= sunset.instant;
}

/** The element's own extensions (`x-…` keys), for the model. */
export function extensionsOf(node: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const extensions: Record<string, unknown> = {};
  for (const key of Object.keys(node)) if (key.startsWith('x-')) extensions[key] = node[key];
  return extensions;
}

function shownValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/**
 * How removing an element (an operation, a parameter) stands against its deprecation: never
 * deprecated; deprecated with no sunset or a sunset reached (announced); before its sunset (or with
 * no date to compare with); or with a sunset that is not a date (whether it passed cannot be told).
 */
export type Removal =
  { kind: 'not-deprecated' } | { kind: 'announced' } | { kind: 'before-sunset'; sunset: string } | { kind: 'sunset-invalid'; value: string };

export function removalOf(element: { deprecated: boolean; extensions: Readonly<Record<string, unknown>> }, policy: RestPolicy): Removal {
  if (!element.deprecated) return { kind: 'not-deprecated' };
  const sunset = sunsetOf(element.extensions, policy);
  if (sunset === undefined) return { kind: 'announced' };
  if ('invalid' in sunset) return { kind: 'sunset-invalid', value: sunset.invalid };
  return sunsetReached(sunset, policy) ? { kind: 'announced' } : { kind: 'before-sunset', sunset: sunset.date };
}
