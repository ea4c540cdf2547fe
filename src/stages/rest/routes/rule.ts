import type { ServedRoute } from './resolve.js';

/**
 * What the REST rules over the routes the code serves read ({@link RoutesDiff}, as `routes` of the
 * rule's input) and what their examples are: a pair of source trees. The rules themselves are REST
 * rules like any other (`src/stages/rest/rules/route-*.ts`).
 */

export interface RoutesDiff {
  /** Served at the base ref (method + path, parameter names erased), not at the head ref. */
  removed: ServedRoute[];
  added: ServedRoute[];
  /** Served at the head ref, absent from the OpenAPI document(s) (only when both are configured). */
  undocumented: ServedRoute[];
}

/** A routes rule's example: the source files at both refs (path → text). */
export interface RouteRuleExample {
  readonly base: Readonly<Record<string, string>>;
  readonly head: Readonly<Record<string, string>>;
  /** Operations the head spec documents, as `METHOD /path` (for rules comparing code with the spec). */
  readonly documented?: readonly string[];
}
