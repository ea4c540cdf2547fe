/**
 * The old-code questions each family of statements asks (issue 33), in one place so the rule that
 * reports a break, the rule that says there is none (unreferenced-by-old-code) and the data-dependent
 * rules always agree. Each returns undefined when the stage did not read the previous release's code
 * (then every rule judges as it always did).
 */
import type { Constraint, Node } from 'libpg-query';
import { nodeOf, stringValue, walkNodes } from '../rules/ast.js';
import type { OperationOf, RuleContext } from '../rules/rule.js';
import type { ReferenceAnswer } from './references.js';

/** ADD COLUMN … NOT NULL without a default: does old code insert into the table (every such insert omits it)? */
export function requiredFieldAnswer(operation: OperationOf<'add-column'>, context: RuleContext): ReferenceAnswer | undefined {
  return context.oldCode?.lookupInserts(operation.table);
}

/** The columns a new constraint constrains; undefined when they cannot be read. */
export function constrainedColumns(constraint: Constraint): string[] | undefined {
  const names = (nodes: readonly Node[] | undefined) => (nodes ?? []).map((node) => stringValue(node)).filter((name): name is string => name !== undefined);
  if (constraint.contype === 'CONSTR_UNIQUE' || constraint.contype === 'CONSTR_PRIMARY') return constraint.keys ? names(constraint.keys) : undefined;
  if (constraint.contype === 'CONSTR_FOREIGN') return constraint.fk_attrs ? names(constraint.fk_attrs) : undefined;
  if (constraint.contype === 'CONSTR_CHECK') {
    const columns: string[] = [];
    walkNodes(constraint.raw_expr, (kind, body) => {
      if (kind !== 'ColumnRef') return;
      const fields = (body.fields as Node[] | undefined) ?? [];
      const last = stringValue(fields[fields.length - 1]);
      if (last !== undefined) columns.push(last);
    });
    return columns.length > 0 ? columns : undefined;
  }
  return undefined;
}

/**
 * A new constraint (or SET NOT NULL): does old code write the table? Only when it provably inserts
 * nothing into it and names none of the constrained columns is the answer `unreferenced` (an insert
 * that omits a column writes its default, which a new CHECK or NOT NULL may reject).
 */
export function constraintWritesAnswer(
  operation: OperationOf<'add-constraint'> | OperationOf<'set-not-null'>,
  context: RuleContext,
): ReferenceAnswer | undefined {
  const lookup = context.oldCode;
  if (lookup === undefined) return undefined;
  const columns = operation.kind === 'set-not-null' ? [operation.column] : constrainedColumns(operation.constraint);
  if (columns === undefined) return { state: 'unknown', reason: 'the constrained columns could not be read' };
  const answers = [lookup.lookupInserts(operation.table), ...columns.map((column) => lookup.lookupColumn(operation.table, column))];
  const referenced = answers.filter((answer) => answer.state === 'referenced');
  if (referenced.length > 0)
    return { state: 'referenced', references: referenced.flatMap((answer) => (answer.state === 'referenced' ? answer.references : [])).slice(0, 3) };
  return answers.find((answer) => answer.state === 'unknown') ?? { state: 'unreferenced', filesRead: lookup.filesRead };
}

/** Whether ADD COLUMN declares NOT NULL without anything that fills existing rows. */
export function isRequiredWithoutDefault(operation: OperationOf<'add-column'>): boolean {
  const constraints = (operation.column.constraints ?? []).map((node) => nodeOf(node, 'Constraint')).filter((c): c is Constraint => c !== undefined);
  const notNull = operation.column.is_not_null === true || constraints.some((c) => c.contype === 'CONSTR_NOTNULL' || c.contype === 'CONSTR_PRIMARY');
  const filled = constraints.some((c) => ['CONSTR_DEFAULT', 'CONSTR_IDENTITY', 'CONSTR_GENERATED'].includes(c.contype ?? ''));
  return notNull && !filled;
}
