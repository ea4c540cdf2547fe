import { renderTemplate, type FindingParams } from '../rules/types.js';

/**
 * Why a span is not proven safe, as data (STYLE.md 1): each reason has a stable id, the span rule of
 * contract.md it applies (1–6, or the direction check), and a message template. The id is spelled here only.
 */
export const SPAN_REASONS = [
  {
    id: 'span-is-downgrade',
    rule: 'direction',
    message: 'downgrade from {from} to {to}: database migrations do not run backwards, so a downgrade is never rolling-safe',
  },
  {
    id: 'span-is-empty',
    rule: 'direction',
    message: 'from and to are the same version ({version}): there is nothing to roll, and an empty span proves nothing',
  },
  { id: 'release-not-safe', rule: 1, message: 'rollingUpdateSafe is false for {versions}' },
  { id: 'release-safety-unknown', rule: 1, message: 'rollingUpdateSafe is unknown (treated as false) for {versions}' },
  { id: 'required-stop-in-span', rule: 2, message: '{stop} is a required stop (listed by {listedBy})' },
  {
    id: 'min-previous-version-not-met',
    rule: 3,
    message: '{target} may only be reached directly from {minPrevious} or later, and {legStart} is older: {minPrevious} is a required stop',
  },
  {
    id: 'min-previous-version-unreachable',
    rule: 3,
    message: '{target} names {minPrevious} as its minimum previous version, which is not older than {target} itself',
  },
  {
    id: 'from-below-floor',
    rule: 4,
    message: '{from} is older than the index floor {floor}: releases before the floor are not covered, so {floor} must be reached first',
  },
  { id: 'backfilled-release-in-span', rule: 5, message: 'backfilled (generated retroactively) and needing Recreate: {versions}' },
  {
    id: 'index-range-missing',
    rule: 6,
    message: 'the index has no entry between {after} and {before}, although {before} names {previous} as its previous release',
  },
  { id: 'stop-absent-from-index', rule: 6, message: '{stop} is on the upgrade path but absent from the index, so its step cannot be checked' },
] as const;

export type SpanReasonId = (typeof SPAN_REASONS)[number]['id'];

export interface SpanReason {
  id: SpanReasonId;
  params: FindingParams;
}

const byId = new Map<string, (typeof SPAN_REASONS)[number]>(SPAN_REASONS.map((reason) => [reason.id, reason]));

/** `span rule 2: 1.140.0 is a required stop (listed by 1.141.0)`. */
export function renderSpanReason(reason: SpanReason): string {
  const meta = byId.get(reason.id);
  if (!meta) throw new Error(`unknown span reason id: ${reason.id}`);
  const label = meta.rule === 'direction' ? 'direction' : `span rule ${meta.rule}`;
  return `${label}: ${renderTemplate(meta.message, reason.params)}`;
}

/** How many versions a reason line names before it says `… and N more`. */
export const REASON_VERSION_CAP = 10;

/** `1.112.0`, or `3 releases: 1.1.0, 1.2.0, 1.3.0`, capped at {@link REASON_VERSION_CAP} names. */
export function describeVersions(versions: readonly string[]): string {
  if (versions.length === 1) return versions[0] ?? '';
  const shown = versions.slice(0, REASON_VERSION_CAP).join(', ');
  const hidden = versions.length - REASON_VERSION_CAP;
  return `${versions.length} releases: ${shown}${hidden > 0 ? ` … and ${hidden} more` : ''}`;
}
