import { excerpt } from './constants.js';
import type { Node } from './source.js';

/** An object or array literal among a builder call's arguments, each member recorded. */
export type RecordedLiteral<A> = { kind: 'object'; entries: Array<[string, A]> } | { kind: 'array'; items: A[] };

/**
 * Records an object or array literal argument of an ORM builder call (Sequelize, node-pg-migrate,
 * TypeORM), each member through `record`; the ORM-specific values (types, `new Table(…)`, `pgm.func`)
 * are the caller's. A string is why it cannot be read; undefined: `node` is no such literal.
 * `skipKey` leaves out keys that say how a call runs, not what it does (`{ transaction }`).
 */
export function recordLiteral<A>(
  node: Node,
  record: (member: Node) => A | string,
  library: string,
  skipKey: (key: string) => boolean = () => false,
): RecordedLiteral<A> | string | undefined {
  if (node.type === 'ObjectExpression') {
    const entries: Array<[string, A]> = [];
    for (const property of node.properties) {
      if (property.type !== 'ObjectProperty' || property.computed) return `\`${excerpt(property, 60)}\` in a ${library} builder call`;
      const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
      if (key !== undefined && skipKey(key)) continue;
      if (key === undefined || key === '__proto__' || key === 'constructor' || key === 'prototype')
        return `\`${excerpt(property, 60)}\` in a ${library} builder call`;
      const value = record(property.value as Node);
      if (typeof value === 'string') return value;
      entries.push([key, value]);
    }
    return { kind: 'object', entries };
  }
  if (node.type === 'ArrayExpression') {
    const items: A[] = [];
    for (const element of node.elements) {
      if (!element || element.type === 'SpreadElement') return `a spread or hole in \`${excerpt(node, 60)}\``;
      const item = record(element);
      if (typeof item === 'string') return item;
      items.push(item);
    }
    return { kind: 'array', items };
  }
  return undefined;
}
