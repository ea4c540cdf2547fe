/**
 * The package's library entry (`import … from 'release-safety'`): the same functions the CLI runs,
 * for tools that gate on a span or read artifacts without spawning a process.
 */
export { main as runCli } from './cli/program.js';
export { evaluateSpan } from './span/evaluate.js';
export { parseIndexDocument } from './span/load-index.js';
export type { SpanEvaluation, SpanVerdict, MissingRange, Direction, VerdictWord } from './span/types.js';
export type {
  ApiSurfaceSection,
  CompatibilitySection,
  ConfigChange,
  ConfigSection,
  DeclaredBreak,
  Heaviness,
  IndexEntry,
  MigrationFile,
  MigrationsSection,
  ReleaseSafetyArtifact,
  ReleaseSafetyIndex,
  UpgradeSection,
} from './artifact/types.js';
