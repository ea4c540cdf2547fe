import type { Rule } from '../../rules/define.js';
import type { Finding, RuleMeta } from '../../rules/types.js';

/**
 * One change between the two schemas, as graphql-inspector classifies it (`@graphql-inspector/core`
 * `diff`): its change type (`FIELD_REMOVED`), criticality, schema coordinate (`Query.team.teamID`)
 * and the meta the change type carries. Rules group change types; the classification is the library's.
 */
export interface GraphqlChange {
  readonly type: string;
  readonly criticality: 'BREAKING' | 'DANGEROUS' | 'NON_BREAKING';
  /** Schema coordinate: `Type`, `Type.field`, `Type.field.argument`, `Enum.VALUE`. */
  readonly path: string;
  /** The library's own sentence, kept for the catch-all rules. */
  readonly message: string;
  readonly meta: Readonly<Record<string, unknown>>;
  /** Where the changed element is defined (the base side for a removal): SDL file or code-first source. */
  readonly file?: string;
  readonly line?: number;
}

/** One example: the SDL of both schemas. */
export interface GraphqlRuleExample {
  readonly base: string;
  readonly revision: string;
}

/** A GraphQL check reads every change of the release; `meta` is its own catalogue entry. */
export type GraphqlCheck = (changes: readonly GraphqlChange[], meta: RuleMeta) => Finding[];

declare module '../../rules/define.js' {
  interface RuleSurfaces {
    graphql: { check: GraphqlCheck; example: GraphqlRuleExample; meta: object };
  }
}

export type GraphqlRule<Id extends string = string> = Rule<Id, 'graphql'>;

export const GRAPHQL_DOCS = 'docs/graphql.md';

/** The criticality a rule of each level reports: a breaking rule never fires on a change the library calls safe. */
export const CRITICALITY_OF_LEVEL = { breaking: 'BREAKING', advisory: 'DANGEROUS', info: 'NON_BREAKING' } as const;

/**
 * The findings of the changes of the given types at the criticality of the rule's level, each with
 * the params `select` reads from it.
 */
export function changesOfType(
  meta: RuleMeta,
  changes: readonly GraphqlChange[],
  types: readonly string[],
  select: (change: GraphqlChange) => Record<string, string> | undefined = () => ({}),
): Finding[] {
  const findings: Finding[] = [];
  for (const change of changes) {
    if (!types.includes(change.type) || change.criticality !== CRITICALITY_OF_LEVEL[meta.level]) continue;
    const params = select(change);
    if (params === undefined) continue;
    findings.push({
      rule: meta.id,
      params: { coordinate: change.path, ...params },
      evidence: { ...(change.file ? { file: change.file } : {}), ...(change.line ? { line: change.line } : {}), pointer: change.path },
    });
  }
  return findings;
}

/** A meta member as text (inspector metas are strings, booleans or null). */
export function metaText(change: GraphqlChange, key: string): string {
  const value = change.meta[key];
  return value === undefined || value === null ? '' : String(value);
}
