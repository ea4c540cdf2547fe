import { createHash } from 'node:crypto';
import type { RestOperation, RestSpec } from './model.js';

/**
 * Content fingerprints of operations, so unchanged operations are skipped without a schema diff.
 *
 * A node's fingerprint is its JSON text with every `$ref` value blanked, followed by the
 * fingerprints of the referenced targets in order of appearance: a component renamed with
 * identical content fingerprints the same. Reference cycles are handled per strongly connected
 * component of the `$ref` graph (Tarjan): the members of a cycle are fingerprinted together, by
 * name, which is sound (equal fingerprints mean equal content) and terminates. Every target is
 * serialized once per spec.
 *
 * Nothing is left out (descriptions, examples, key order): a fingerprint that differs only costs a
 * full diff of that operation, while leaving something out could hide a change.
 */

interface Shape {
  text: string;
  refs: string[];
}

function shapeOf(node: unknown): Shape {
  const refs: string[] = [];
  const text =
    JSON.stringify(node, (_key, value: unknown) => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const ref = (value as { $ref?: unknown }).$ref;
        if (typeof ref === 'string') {
          refs.push(ref);
          return { ...(value as object), $ref: '' };
        }
      }
      return value;
    }) ?? 'undefined';
  return { text, refs };
}

function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

export interface Fingerprinter {
  operation(operation: RestOperation): string;
}

export function createFingerprinter(spec: RestSpec): Fingerprinter {
  const shapes = new Map<string, Shape>();
  const fingerprints = new Map<string, string>();
  const shapeOfRef = (ref: string): Shape => {
    let shape = shapes.get(ref);
    if (!shape) {
      shape = shapeOf(spec.resolve(ref));
      shapes.set(ref, shape);
    }
    return shape;
  };

  // Tarjan's strongly connected components, started lazily from each ref asked for; a component
  // is complete only after every component it points to, so their fingerprints are known.
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let counter = 0;

  const fingerprintComponent = (members: string[]): void => {
    const only = members[0]!;
    if (members.length === 1 && !shapeOfRef(only).refs.includes(only)) {
      const shape = shapeOfRef(only);
      fingerprints.set(only, digest(`${shape.text}\n${shape.refs.map(fingerprintOf).join(',')}`));
      return;
    }
    const inCycle = new Set(members);
    const sorted = [...members].sort();
    const cycleDigest = digest(
      sorted
        .map((ref) => {
          const shape = shapeOfRef(ref);
          return `${ref}=${shape.text}\n${shape.refs.map((target) => (inCycle.has(target) ? `cycle:${target}` : fingerprintOf(target))).join(',')}`;
        })
        .join('\n'),
    );
    for (const ref of sorted) fingerprints.set(ref, digest(`${cycleDigest}#${ref}`));
  };

  const visit = (ref: string): void => {
    index.set(ref, counter);
    lowLink.set(ref, counter);
    counter += 1;
    stack.push(ref);
    onStack.add(ref);
    for (const target of shapeOfRef(ref).refs) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(ref, Math.min(lowLink.get(ref)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(ref, Math.min(lowLink.get(ref)!, index.get(target)!));
      }
    }
    if (lowLink.get(ref) === index.get(ref)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== ref);
      fingerprintComponent(members);
    }
  };

  function fingerprintOf(ref: string): string {
    if (!index.has(ref)) visit(ref);
    return fingerprints.get(ref) ?? `unresolved:${ref}`;
  }

  const schema = (node: unknown): string => {
    const shape = shapeOf(node);
    return shape.refs.length === 0 ? shape.text : `${shape.text}\n${shape.refs.map(fingerprintOf).join(',')}`;
  };

  return {
    operation(operation) {
      // Extensions carry policies (stability level, sunset): a change there is a change of the operation.
      const parts: string[] = [operation.pathParameterNames.join(','), String(operation.deprecated), JSON.stringify(operation.extensions)];
      for (const key of [...operation.parameters.keys()].sort()) {
        const parameter = operation.parameters.get(key)!;
        parts.push(`p ${key} ${parameter.name} ${parameter.required} ${parameter.deprecated} ${JSON.stringify(parameter.extensions)} ${parameter.style} ${parameter.explode} ${schema(parameter.schema)}`);
      }
      if (operation.requestBody) {
        parts.push(`b ${operation.requestBody.required}`);
        for (const type of [...operation.requestBody.content.keys()].sort()) parts.push(`b ${type} ${schema(operation.requestBody.content.get(type)!.schema)}`);
      }
      for (const status of [...operation.responses.keys()].sort()) {
        const { content, headers } = operation.responses.get(status)!;
        parts.push(`r ${status}`);
        for (const name of [...headers.keys()].sort()) parts.push(`r ${status} h ${name} ${headers.get(name)!.required} ${schema(headers.get(name)!.schema)}`);
        for (const type of [...content.keys()].sort()) parts.push(`r ${status} ${type} ${schema(content.get(type)!.schema)}`);
      }
      for (const alternative of operation.security) parts.push(`s ${JSON.stringify([...alternative.entries()].sort())}`);
      return digest(parts.join('\n'));
    },
  };
}
