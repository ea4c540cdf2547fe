/**
 * JSON pointers (RFC 6901) into a loaded OpenAPI document: escaping tokens for evidence,
 * and resolving local `#/...` references.
 */

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...tokens: readonly string[]): string {
  return tokens.map((token) => `/${escapePointerToken(token)}`).join('');
}

/** Whether a `$ref` points inside the same document (`#/...` or `#`). */
export function isLocalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/');
}

/** The node a local `$ref` (`#/components/schemas/User`) points at; `undefined` when it leads nowhere. */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!isLocalRef(ref)) return undefined;
  let node: unknown = root;
  const body = ref.slice(2);
  if (body === '') return root;
  const plain = !/[%~]/.test(body);
  for (const raw of body.split('/')) {
    const token = plain ? raw : decodePointerToken(raw);
    if (token === undefined) return undefined;
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A `%`-escaped, `~`-escaped pointer token; `undefined` when the `%` escapes are malformed (`100%`). */
function decodePointerToken(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
