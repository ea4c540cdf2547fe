/**
 * Env helpers and config services `init` writes into `env.helpers`, so that a new user's first
 * backfill reads the variables a service names through them instead of stopping at the helper's
 * own `process.env[name]` (which names no variable). Found by text, not by parse: `init` proposes,
 * the env stage then reads every call and fails closed on what it cannot name.
 *
 * - A function whose first parameter indexes the environment in its body
 *   (`function getIntegerFromEnvironmentVariable(name) { const raw = process.env[name] … }`,
 *   `const requireEnv = (key: string) => process.env[key] ?? fail(key)`, a class method alike).
 * - NestJS's `ConfigService` (`@nestjs/config`): each name it is injected under
 *   (`private readonly configService: ConfigService`) gives `configService.get` and
 *   `configService.getOrThrow`; keys named like a variable are env reads, other keys are the
 *   service's own namespaces (`registerAs` factories, which read process.env themselves).
 */
const FUNCTION_HEADS = [
  /\bfunction\s+([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\s*\(\s*([A-Za-z_$][\w$]*)/g,
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]{0,80})?=\s*(?:async\s*)?(?:function\s*)?(?:<[^>()]*>)?\s*\(\s*([A-Za-z_$][\w$]*)/g,
  /^\s*(?:(?:public|private|protected|static|async|readonly)\s+)*([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\s*\(\s*([A-Za-z_$][\w$]*)\s*[:,)?]/gm,
];
const NOT_A_HELPER = new Set([
  'get',
  'set',
  'has',
  'constructor',
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'map',
  'filter',
  'reduce',
  'forEach',
]);
/** How far after the head the body is searched for the indexed read. */
const BODY_CHARS = 800;
const INJECTED_CONFIG_SERVICE = /\b([A-Za-z_$][\w$]*)\s*:\s*ConfigService\b/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface EnvHelperDetection {
  helpers: string[];
  /** What was seen, for the explanation `init` prints. */
  evidence: string[];
}

export function detectEnvHelpers(texts: ReadonlyMap<string, string>, dependencies: ReadonlySet<string>): EnvHelperDetection {
  const helpers = new Map<string, string>();
  for (const [file, text] of texts) {
    if (!/env\s*\??\.?\s*\[/.test(text)) continue;
    for (const head of FUNCTION_HEADS) {
      for (const match of text.matchAll(head)) {
        const [, name, parameter] = match as unknown as [string, string, string];
        if (NOT_A_HELPER.has(name) || name.length < 4 || helpers.has(name)) continue;
        const body = text.slice(match.index! + match[0].length, match.index! + match[0].length + BODY_CHARS);
        if (new RegExp(`\\benv\\s*\\??\\.?\\s*\\[\\s*${escape(parameter)}\\s*\\]`).test(body))
          helpers.set(name, `${name}() in ${file} reads process.env[${parameter}]`);
      }
    }
  }
  if (dependencies.has('@nestjs/config')) {
    for (const [file, text] of texts) {
      for (const match of text.matchAll(INJECTED_CONFIG_SERVICE)) {
        const receiver = match[1]!;
        for (const method of ['get', 'getOrThrow']) {
          if (!helpers.has(`${receiver}.${method}`)) helpers.set(`${receiver}.${method}`, `${receiver}: ConfigService in ${file} (@nestjs/config)`);
        }
      }
    }
  }
  const names = [...helpers.keys()].sort();
  return { helpers: names, evidence: [...new Set(names.map((name) => helpers.get(name)!))] };
}
