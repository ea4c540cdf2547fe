import { parseJsonOrYaml } from '../../core/structured-text.js';
import type { Finding } from '../../rules/types.js';
import { ACCEPT_KEY, addedHolders, collectHolders, type AcceptHolder } from '../api-acceptance.js';
import type { AcceptProblem } from '../../accept/policy.js';

/**
 * `x-release-safety-accept` in an OpenAPI document: the holders this release adds, and which
 * findings each covers. A finding's pointer is logical (it goes through `$ref`s, and names the base
 * document for removals); it is walked through the head document, following local `$ref`s, as far
 * as it exists there: every object passed (the path item, the operation, a parameter, a schema, the
 * component a `$ref` leads to) may hold an acceptance for what is inside it.
 */
export interface SpecAcceptance {
  added: AcceptHolder[];
  problems: AcceptProblem[];
  covers(holder: AcceptHolder, finding: Finding): boolean;
}

const NONE: SpecAcceptance = { added: [], problems: [], covers: () => false };

export async function specAcceptance(baseText: string | undefined, headText: string, path: string, file: string): Promise<SpecAcceptance> {
  // Most specs hold no acceptance: no second parse for them.
  if (!headText.includes(ACCEPT_KEY)) return NONE;
  const head = await parseJsonOrYaml(headText, path);
  const headHolders = collectHolders(head, file);
  const baseDocument = baseText === undefined ? undefined : await parseJsonOrYaml(baseText, path);
  const base = baseText?.includes(ACCEPT_KEY) ? collectHolders(baseDocument, file).holders : [];
  const walked = new Map<string, Set<string>>();
  return {
    added: addedHolders(headHolders.holders, base),
    problems: headHolders.problems,
    covers: (holder, finding) => {
      const pointer = finding.evidence.pointer;
      if (pointer === undefined) return false;
      let along = walked.get(pointer);
      if (along === undefined) walked.set(pointer, (along = objectsAlong(head, pointer, baseDocument)));
      return along.has(holder.pointer);
    },
  };
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The physical pointers of the objects a logical pointer passes through in `document` (local `$ref`s
 * followed). A removal's pointer indexes arrays of the base document, every other finding's those of
 * the head: where `base` is given and the element at an array index is not the same in both (a
 * parameter by `in` + name, else by `$ref` or content) and the base's element is gone from the head,
 * the pointer may name the removed one — the walk stops there, so an entry on whatever the head now
 * holds at that index covers nothing inside it.
 */
export function objectsAlong(document: unknown, pointer: string, base?: unknown): Set<string> {
  const passed = new Set<string>();
  const head = new Cursor(document);
  const old = base === undefined ? undefined : new Cursor(base);
  passed.add(head.at);
  for (const segment of pointer.split('/').slice(1)) {
    const key = unescape(segment);
    const container = head.node;
    if (typeof container !== 'object' || container === null) break;
    const next = (container as Record<string, unknown>)[key];
    if (next === undefined) break;
    const oldContainer = old?.node;
    if (old && Array.isArray(container) && Array.isArray(oldContainer) && removedElementAt(container, oldContainer, Number(key), head.resolve, old.resolve))
      break;
    head.step(segment, next);
    old?.step(segment, typeof oldContainer === 'object' && oldContainer !== null ? (oldContainer as Record<string, unknown>)[key] : undefined);
    passed.add(head.at);
  }
  return passed;
}

/** A position in a document that follows local `$ref`s as it moves. */
class Cursor {
  node: unknown;
  at = '';

  constructor(private readonly document: unknown) {
    this.node = document;
    this.arriveAt(document);
  }

  step(segment: string, next: unknown): void {
    this.at = `${this.at}/${segment}`;
    this.arriveAt(next);
  }

  /** `node` with its `$ref`s followed. */
  readonly resolve = (node: unknown): unknown => followRefs(this.document, node).node;

  private arriveAt(node: unknown): void {
    const followed = followRefs(this.document, node);
    this.node = followed.node;
    if (followed.at !== undefined) this.at = followed.at;
  }
}

/** `node` with its local `$ref`s followed (20 hops at most: a cycle stops there), and the pointer of the last target. */
function followRefs(document: unknown, node: unknown): { node: unknown; at?: string } {
  let current = node;
  let at: string | undefined;
  for (let hops = 0; hops < 20; hops++) {
    const ref = refOf(current);
    if (ref === undefined) break;
    at = ref.slice(1);
    current = resolve(document, at);
  }
  return { node: current, ...(at === undefined ? {} : { at }) };
}

function refOf(node: unknown): string | undefined {
  const ref = typeof node === 'object' && node !== null ? (node as Record<string, unknown>).$ref : undefined;
  return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
}

/** The base's element at `index` differs from the head's and no longer exists in the head: the index may name it. */
function removedElementAt(
  head: unknown[],
  base: unknown[],
  index: number,
  resolveHead: (node: unknown) => unknown,
  resolveBase: (node: unknown) => unknown,
): boolean {
  const before = base[index];
  if (before === undefined) return false;
  const identity = (node: unknown, resolveNode: (node: unknown) => unknown): string => {
    const ref = refOf(node);
    const value = resolveNode(node);
    if (typeof value === 'object' && value !== null) {
      const { name, in: location } = value as Record<string, unknown>;
      if (typeof name === 'string' && typeof location === 'string') return `parameter ${location}:${location === 'header' ? name.toLowerCase() : name}`;
    }
    return ref !== undefined ? `ref ${ref}` : `value ${JSON.stringify(value)}`;
  };
  const was = identity(before, resolveBase);
  if (identity(head[index], resolveHead) === was) return false;
  return !head.some((element) => identity(element, resolveHead) === was);
}

function resolve(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[unescape(segment)];
  }
  return node;
}
