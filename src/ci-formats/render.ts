import type { CiFormat, CiRun } from './types.js';

/** Renders a run in one of the CI formats; each renderer loads only when asked for. */
export async function renderCiFormat(format: CiFormat, run: CiRun, options: { maxAnnotations?: number } = {}): Promise<string> {
  switch (format) {
    case 'github':
      return (await import('./github.js')).renderGithubCommands(run, options.maxAnnotations);
    case 'sarif':
      return (await import('./sarif.js')).renderSarif(run);
    case 'junit':
      return (await import('./junit.js')).renderJunit(run);
  }
}
