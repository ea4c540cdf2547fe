/**
 * Rules as data (STYLE.md 1–5): every check of every stage is one catalogue entry.
 * A rule body returns {@link Finding}s (id + parameters + evidence); wording and level come from here.
 */
import type { RuleSurfaces } from './define.js';

export type Level = 'breaking' | 'advisory' | 'info';
/**
 * A surface's name: each stage declares its own, with the shape of its rules (`RuleSurfaces` in
 * `define.ts`); `src/surfaces/registry.ts` lists them in report order.
 */
export type Surface = keyof RuleSurfaces & string;

export interface RuleMeta<Id extends string = string> {
  /** kebab-case, object first then change: `request-property-became-required`. Never changes. */
  readonly id: Id;
  readonly surface: Surface;
  readonly level: Level;
  /** One line for `release-safety rules`. */
  readonly summary: string;
  /** Message template with named parameters: `{method} {path} — operation removed`. */
  readonly message: string;
  /** Why it matters to a rolling update. */
  readonly why: string;
  /** The safe way to make the same change: a template over the finding's parameters (STYLE.md 7a). */
  readonly fix: string;
  /** Link of the rule's section in the docs, relative to the repository root: `docs/rest.md#<id>`. */
  readonly docs: string;
  /** Older ids this rule answered to (a renamed rule keeps its old id as an alias). */
  readonly aliases?: readonly string[];
  /**
   * `false` when a finding of this rule can never be accepted (src/accept/): it says that something
   * could not be checked (only proven findings can be acknowledged), or that history was rewritten.
   */
  readonly acceptable?: false;
}

export interface Evidence {
  file?: string;
  line?: number;
  /** SQL statement, source line, or other text that shows the cause. */
  statement?: string;
  /** JSON pointer into a document (OpenAPI, MCP snapshot). */
  pointer?: string;
}

export type FindingParams = Readonly<Record<string, string | number | boolean>>;

export interface Finding<Id extends string = string> {
  readonly rule: Id;
  readonly params: FindingParams;
  readonly evidence: Evidence;
  /**
   * What the finding did to the release verdict, when its catalogue level does not say so: a migration
   * rule (`advisory` or `info` in the catalogue) whose operation made a heaviness flag `true` makes the
   * verdict `false` (`breaking`), one that made it `unknown` makes it `unknown`. Every report shows it
   * at that level (issue 32: advisory means "does not change the verdict" on every surface).
   */
  readonly verdictEffect?: 'breaking' | 'unknown';
}

/** The level a report shows a finding at: what it did to the verdict, else its catalogue level. */
export function shownLevel(finding: Pick<Finding, 'verdictEffect'>, level: Level): Level | 'unknown' {
  return finding.verdictEffect ?? level;
}

/** Fills `{name}` placeholders; a missing parameter stays visible as `{name}` rather than vanishing. */
export function renderTemplate(template: string, params: FindingParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole));
}

/** A finding with the catalogue's wording and level applied, ready for a reporter. */
export interface RenderedFinding {
  rule: string;
  level: Level;
  surface: Surface;
  message: string;
  evidence: Evidence;
}

export function renderFinding(meta: RuleMeta, finding: Finding): RenderedFinding {
  return {
    rule: meta.id,
    level: meta.level,
    surface: meta.surface,
    message: renderTemplate(meta.message, finding.params),
    evidence: finding.evidence,
  };
}

/** Builds an id → rule lookup and rejects duplicate ids (a catalogue bug, caught at load). */
export function indexCatalogue<R extends RuleMeta>(rules: readonly R[]): ReadonlyMap<string, R> {
  const byId = new Map<string, R>();
  for (const rule of rules) {
    for (const id of [rule.id, ...(rule.aliases ?? [])]) {
      if (byId.has(id)) throw new Error(`duplicate rule id in catalogue: ${id}`);
      byId.set(id, rule);
    }
  }
  return byId;
}
