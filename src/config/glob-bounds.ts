/**
 * Bounded glob complexity (issue 28). Config globs become regular expressions (picomatch) that
 * backtrack: measured on this machine, `*a*a*a*a*a*b` took 4.4 s against one 60-character file name
 * and five `**` segments 0.4 s against one 40-folder path — and a pull request may edit the config it
 * is checked with, and name its files. A pattern past these bounds is refused when the config is read,
 * with a clear error; within them one match stays in milliseconds.
 */
export const GLOB_BOUNDS = { length: 500, globstars: 3, starsPerSegment: 2, stars: 4, extglobs: 0 } as const;

/** Config keys whose values are globs or paths (a string, or a list of them), anywhere in the config. */
const GLOB_KEYS = new Set(['sources', 'helpers', 'envFiles', 'exclude', 'openapi', 'mcpTools', 'dir']);

/** Why a pattern is refused, or undefined when it is within the bounds. */
export function globProblem(pattern: string): string | undefined {
  if (pattern.length > GLOB_BOUNDS.length) return `is longer than ${GLOB_BOUNDS.length} characters`;
  if (/[@!+*?]\(/.test(pattern)) return 'uses an extended glob (`@(…)`, `*(…)`, `+(…)`, `?(…)`, `!(…)`), which is not supported';
  const segments = pattern.split('/');
  const globstars = segments.filter((segment) => segment === '**').length;
  if (globstars > GLOB_BOUNDS.globstars) return `has ${globstars} \`**\` segments (at most ${GLOB_BOUNDS.globstars})`;
  let stars = 0;
  for (const segment of segments) {
    if (segment === '**') continue;
    const inSegment = (segment.match(/\*+|\?/g) ?? []).length;
    if (inSegment > GLOB_BOUNDS.starsPerSegment) return `has ${inSegment} wildcards in the segment "${segment}" (at most ${GLOB_BOUNDS.starsPerSegment})`;
    stars += inSegment;
  }
  if (stars > GLOB_BOUNDS.stars) return `has ${stars} wildcards besides \`**\` (at most ${GLOB_BOUNDS.stars})`;
  return undefined;
}

/** Every glob of a config that is past the bounds, as `<pointer>: <pattern> <why>`. */
export function configGlobProblems(config: unknown): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, pointer: string, globKey: boolean): void => {
    if (typeof value === 'string') {
      const problem = globKey ? globProblem(value) : undefined;
      if (problem !== undefined)
        problems.push(
          `${pointer}: the pattern ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)} ${problem}: matching it could take exponential time`,
        );
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${pointer}/${index}`, globKey));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, `${pointer}/${key}`, GLOB_KEYS.has(key));
    }
  };
  visit(config, '', false);
  return problems;
}
