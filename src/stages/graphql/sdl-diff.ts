import type { Finding } from '../../rules/types.js';
import type { GraphqlChange, GraphqlRule } from './rule.js';

/** The changes between two SDL texts (one document each), or the reason they cannot be compared. */
export async function changesOfSdl(base: string, revision: string, file = 'schema.graphql'): Promise<GraphqlChange[]> {
  const { buildSchemaFrom, diffSchemas } = await import('./schema-diff.js');
  const [before, after] = [buildSchemaFrom([{ file, text: base }]), buildSchemaFrom([{ file, text: revision }])];
  if (!before.ok) throw new Error(before.reason);
  if (!after.ok) throw new Error(after.reason);
  return diffSchemas(before, after);
}

/** Every rule's findings on the changes, in rule order. */
export function runGraphqlRules(changes: readonly GraphqlChange[], rules: readonly GraphqlRule[]): Finding[] {
  return rules.flatMap((rule) => rule.check(changes, rule.meta));
}

/** What the rules report on two SDL texts (the rule book's examples and the table tests). */
export async function findingsOfSdl(base: string, revision: string, rules: readonly GraphqlRule[]): Promise<Finding[]> {
  return runGraphqlRules(await changesOfSdl(base, revision), rules);
}
