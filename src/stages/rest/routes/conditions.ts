/**
 * Conditions routes are registered under (`if (env.isDevelopment) router.use(…)`), as the reader
 * writes them: conjuncts joined by ` && `, a negated one as `!(…)`.
 */

/** `process.env.NODE_ENV` / `env.NODE_ENV` / `env.ENVIRONMENT` compared with a development value, or unequal to 'production'. */
const ENVIRONMENT = String.raw`(?:process\.)?env\.(?:NODE_ENV|ENVIRONMENT)`;
const QUOTED = (values: string) => String.raw`(["'\x60])(?:${values})\1`;
const DEVELOPMENT_ONLY = [
  new RegExp(String.raw`^${ENVIRONMENT}\s*===?\s*${QUOTED('development|dev|test')}$`),
  new RegExp(String.raw`^${QUOTED('development|dev|test')}\s*===?\s*${ENVIRONMENT}$`),
  new RegExp(String.raw`^${ENVIRONMENT}\s*!==?\s*${QUOTED('production')}$`),
  new RegExp(String.raw`^${QUOTED('production')}\s*!==?\s*${ENVIRONMENT}$`),
  // A flag named for development (`env.isDevelopment`, `config.isDev`, `isDev`): off in production by its name's contract.
  /^(?:[\w$]+\.)*(?:isDevelopment|isDev)$/,
];

/** Whether a route served only under `condition` is served in development only (some conjunct is false in production). */
export function isDevelopmentOnly(condition: string | undefined): boolean {
  if (condition === undefined) return false;
  return condition.split(' && ').some((conjunct) => {
    let text = conjunct.trim();
    while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
    return DEVELOPMENT_ONLY.some((pattern) => pattern.test(text));
  });
}
