import type { Finding, FindingParams } from '../../../rules/types.js';
import type { RestRuleMeta } from '../rule.js';
import type { ServedRoute } from './resolve.js';

/**
 * How a routes rule is written: the REST rule shape (catalogue data, STYLE.md 1, plus a check that
 * emits findings, never prose), over a {@link RoutesDiff} instead of a spec diff. Its example is
 * a pair of source trees; the rule's table test and docs use the same one.
 */

export interface RoutesDiff {
  /** Served at the base ref (method + path, parameter names erased), not at the head ref. */
  removed: ServedRoute[];
  added: ServedRoute[];
  /** Served at the head ref, absent from the OpenAPI document(s) (only when both are configured). */
  undocumented: ServedRoute[];
}

export interface RouteRuleExample {
  readonly base: Readonly<Record<string, string>>;
  readonly head: Readonly<Record<string, string>>;
  /** Operations the head spec documents, as `METHOD /path` (for rules comparing code with the spec). */
  readonly documented?: readonly string[];
}

export interface RouteRule<Id extends string = string> {
  readonly meta: RestRuleMeta<Id>;
  readonly example: RouteRuleExample;
  check(diff: RoutesDiff): Finding<Id>[];
}

export type EmitRoute = (route: ServedRoute, params?: FindingParams) => void;

export function defineRouteRule<const Id extends string>(
  meta: Omit<RestRuleMeta<Id>, 'surface' | 'docs'>,
  example: RouteRuleExample,
  check: (diff: RoutesDiff, emit: EmitRoute) => void,
): RouteRule<Id> {
  const fullMeta: RestRuleMeta<Id> = { ...meta, surface: 'rest', docs: `docs/rest.md#${meta.id}` };
  return {
    meta: fullMeta,
    example,
    check(diff) {
      const findings: Finding<Id>[] = [];
      check(diff, (route, params = {}) => {
        findings.push({
          rule: fullMeta.id,
          params: { method: route.method, path: route.anchor === undefined ? route.path : `…${route.path}`, file: route.file, line: route.line, ...params },
          evidence: { file: route.file, line: route.line },
        });
      });
      return findings;
    },
  };
}
