import { posix } from 'node:path';
import { escapePointerToken, isLocalRef, isObject } from './json-pointer.js';
import { SpecError } from './spec-error.js';

/**
 * `$ref`s to other files of the same tree (`./schemas/user.yaml#/User`): each referenced document
 * is read at the same git ref, parsed, and mounted under one key of the main document, and every
 * reference to it (and every local reference inside it) is rewritten into a local one. After this,
 * the rest of the engine sees a single document; components are still compared by content, so
 * moving a schema to another file with the same content is no change.
 * URLs and paths leaving the repository are not followed (the spec is reported unchecked).
 */

/** Where referenced documents are mounted in the main document. */
export const EXTERNAL_DOCUMENTS = 'x-release-safety-external';

/** Reads a file of the same tree at the same ref; `undefined` when it does not exist. */
export type ReadSibling = (path: string) => Promise<string | undefined>;

/** Cheap text check (no parse) for a `$ref` whose value does not start with `#`: JSON or YAML. */
export function mayHaveExternalRefs(text: string): boolean {
  return /\$ref["']?\s*:(?!\s*["']?#)/.test(text);
}

export async function bundleExternalRefs(
  document: Record<string, unknown>,
  specPath: string,
  read: ReadSibling,
  parse: (text: string, path: string) => Promise<unknown>,
): Promise<void> {
  const mounted: Record<string, unknown> = {};
  const wanted = new Set<string>();
  const mountPointer = (file: string): string => `#/${EXTERNAL_DOCUMENTS}/${escapePointerToken(file)}`;

  const rewrite = (root: unknown, file: string, isMain: boolean): void => {
    const stack: unknown[] = [root];
    while (stack.length > 0) {
      const node = stack.pop();
      if (Array.isArray(node)) {
        for (const child of node) if (child !== null && typeof child === 'object') stack.push(child);
        continue;
      }
      if (!isObject(node)) continue;
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string') node.$ref = rewriteRef(child, file, isMain);
        else if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  };

  const rewriteRef = (ref: string, file: string, isMain: boolean): string => {
    if (isLocalRef(ref)) return isMain ? ref : `${mountPointer(file)}${ref.slice(1)}`;
    const hash = ref.indexOf('#');
    const target = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) throw new SpecError(`${file}: reference to a URL (${ref}) is not followed`);
    if (fragment !== '' && !fragment.startsWith('/')) throw new SpecError(`${file}: reference ${ref} uses an anchor, not a JSON pointer`);
    let decodedTarget: string;
    try {
      decodedTarget = decodeURI(target);
    } catch {
      throw new SpecError(`${file}: reference ${ref} is not a valid URI reference`);
    }
    const targetPath = posix.normalize(posix.join(posix.dirname(file), decodedTarget));
    if (targetPath.startsWith('../') || posix.isAbsolute(targetPath)) throw new SpecError(`${file}: reference ${ref} leaves the repository`);
    wanted.add(targetPath);
    return `${mountPointer(targetPath)}${fragment}`;
  };

  rewrite(document, specPath, true);
  for (let pending = [...wanted]; pending.length > 0; pending = [...wanted].filter((path) => !(path in mounted))) {
    const texts = await Promise.all(pending.map(read));
    for (const [index, path] of pending.entries()) {
      const text = texts[index];
      if (text === undefined) throw new SpecError(`${specPath}: referenced file ${path} does not exist`);
      const parsed = await parse(text, path);
      mounted[path] = parsed;
      rewrite(parsed, path, false);
    }
  }
  if (wanted.size > 0) document[EXTERNAL_DOCUMENTS] = mounted;
}
