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
  const base = baseText?.includes(ACCEPT_KEY) ? collectHolders(await parseJsonOrYaml(baseText, path), file).holders : [];
  const walked = new Map<string, Set<string>>();
  return {
    added: addedHolders(headHolders.holders, base),
    problems: headHolders.problems,
    covers: (holder, finding) => {
      const pointer = finding.evidence.pointer;
      if (pointer === undefined) return false;
      let along = walked.get(pointer);
      if (along === undefined) walked.set(pointer, (along = objectsAlong(head, pointer)));
      return along.has(holder.pointer);
    },
  };
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The physical pointers of the objects a logical pointer passes through in `document` (local `$ref`s followed). */
export function objectsAlong(document: unknown, pointer: string): Set<string> {
  const passed = new Set<string>();
  let node = document;
  let at = '';
  const follow = () => {
    for (let hops = 0; hops < 20; hops++) {
      const ref = typeof node === 'object' && node !== null ? (node as Record<string, unknown>).$ref : undefined;
      if (typeof ref !== 'string' || !ref.startsWith('#')) return;
      at = ref.slice(1);
      node = resolve(document, at);
    }
  };
  follow();
  passed.add(at);
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) break;
    const next = (node as Record<string, unknown>)[unescape(segment)];
    if (next === undefined) break;
    node = next;
    at = `${at}/${segment}`;
    follow();
    passed.add(at);
  }
  return passed;
}

function resolve(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[unescape(segment)];
  }
  return node;
}
