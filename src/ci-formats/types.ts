import type { Level } from '../rules/types.js';

/**
 * What the CI renderers (SARIF, JUnit, GitHub workflow commands) read: a flat list of findings,
 * each already worded by its rule's catalogue entry. Every command adapts its own report to this
 * shape once; the renderers know nothing of stages.
 */
export interface CiFinding {
  ruleId: string;
  /** `unknown`: something could not be checked — rendered as an error, like `breaking` (fail closed). */
  level: Level | 'unknown';
  message: string;
  /** Repository-relative path (generate) or the path as given on the command line. */
  file?: string;
  line?: number;
  /** JSON pointer into a document (OpenAPI, MCP snapshot), when the location is not a line. */
  pointer?: string;
  /** Which part of the service: migrations, rest, mcp, config, declarations, verdict. */
  surface?: string;
}

/** Catalogue data of one rule, for SARIF's `tool.driver.rules` (help text and link). */
export interface CiRule {
  id: string;
  summary: string;
  help?: string;
  helpUri?: string;
}

export interface CiRun {
  /** The command, for titles: `generate 1.2.0`, `diff openapi`, `lint-migrations`. */
  title: string;
  toolVersion: string;
  findings: readonly CiFinding[];
  rules: readonly CiRule[];
  /** Whether the run's own verdict passes (exit 0); decides the JUnit summary case. */
  passed: boolean;
  /** One line saying why the run did not pass (or that it did). */
  summary: string;
}

export const CI_FORMATS = ['github', 'sarif', 'junit'] as const;
export type CiFormat = (typeof CI_FORMATS)[number];

/** `error` for what blocks a rolling update or could not be checked, `warning` for advisories. */
export function severityOf(level: CiFinding['level']): 'error' | 'warning' | 'note' {
  if (level === 'breaking' || level === 'unknown') return 'error';
  return level === 'advisory' ? 'warning' : 'note';
}
