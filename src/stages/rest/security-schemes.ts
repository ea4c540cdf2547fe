import { isObject } from './json-pointer.js';
import type { RestSecurityScheme } from './model.js';

/**
 * What a client must do differently to authenticate after a security scheme was redefined under
 * the same name: `apiKey in header 'Authorization' → http bearer`, or undefined when it need not.
 * Descriptions and `bearerFormat` are documentation; header names are case-insensitive (RFC 9110);
 * Swagger 2.0 `basic` and OAuth2 `flow` spellings are read as their OpenAPI 3 equivalents, so a
 * document converted from 2.0 to 3.0 is no change. A flow added is no change (old clients keep theirs).
 */
export function securitySchemeChange(base: RestSecurityScheme | undefined, revision: RestSecurityScheme | undefined): string | undefined {
  const before = normalize(base?.definition);
  const after = normalize(revision?.definition);
  if (before.key !== after.key) return `${before.summary} → ${after.summary}`;
  const changes: string[] = [];
  for (const [flow, baseFlow] of before.flows) {
    const revisionFlow = after.flows.get(flow);
    if (!revisionFlow) {
      changes.push(`oauth2 ${flow} flow removed`);
      continue;
    }
    for (const url of OAUTH_URLS) {
      if (baseFlow[url] !== revisionFlow[url]) changes.push(`oauth2 ${flow} ${url} ${quote(baseFlow[url])} → ${quote(revisionFlow[url])}`);
    }
  }
  return changes.length > 0 ? changes.join('; ') : undefined;
}

const OAUTH_URLS = ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const;
type OAuthFlow = Partial<Record<(typeof OAUTH_URLS)[number], string>>;

/** Swagger 2.0 `flow` values by their OpenAPI 3 names. */
const SWAGGER_FLOWS: Readonly<Record<string, string>> = {
  implicit: 'implicit',
  password: 'password',
  application: 'clientCredentials',
  accessCode: 'authorizationCode',
};

interface Normalized {
  /** Equal keys: a client authenticates the same way (OAuth2 flows aside). */
  key: string;
  summary: string;
  flows: ReadonlyMap<string, OAuthFlow>;
}

function normalize(definition: unknown): Normalized {
  const none = new Map<string, OAuthFlow>();
  if (definition === undefined) return { key: 'undefined', summary: 'not defined', flows: none };
  if (!isObject(definition)) return { key: 'invalid', summary: 'not a security scheme object', flows: none };
  const type = String(definition.type);
  if (type === 'apiKey') {
    const location = String(definition.in);
    const name = String(definition.name);
    return { key: `apiKey ${location} ${location === 'header' ? name.toLowerCase() : name}`, summary: `apiKey in ${location} '${name}'`, flows: none };
  }
  if (type === 'http' || type === 'basic') {
    const scheme = type === 'basic' ? 'basic' : String(definition.scheme).toLowerCase();
    return { key: `http ${scheme}`, summary: `http ${scheme}`, flows: none };
  }
  if (type === 'openIdConnect') {
    const url = String(definition.openIdConnectUrl);
    return { key: `openIdConnect ${url}`, summary: `openIdConnect '${url}'`, flows: none };
  }
  if (type === 'oauth2') return { key: 'oauth2', summary: 'oauth2', flows: oauthFlows(definition) };
  return { key: `other ${JSON.stringify(definition)}`, summary: type, flows: none };
}

function oauthFlows(definition: Record<string, unknown>): Map<string, OAuthFlow> {
  const flows = new Map<string, OAuthFlow>();
  const urlsOf = (node: Record<string, unknown>): OAuthFlow =>
    Object.fromEntries(OAUTH_URLS.flatMap((url) => (typeof node[url] === 'string' ? [[url, node[url]]] : [])));
  if (typeof definition.flow === 'string') flows.set(SWAGGER_FLOWS[definition.flow] ?? definition.flow, urlsOf(definition));
  if (isObject(definition.flows)) {
    for (const [name, flow] of Object.entries(definition.flows)) if (isObject(flow)) flows.set(name, urlsOf(flow));
  }
  return flows;
}

function quote(value: string | undefined): string {
  return value === undefined ? 'none' : `'${value}'`;
}
