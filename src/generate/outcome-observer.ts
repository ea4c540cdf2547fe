import type { GenerateOutcome } from './generate.js';

/**
 * The Action runs `generate` through the CLI's own command line (one code path), then renders the
 * pull-request comment from the same outcome, in the same process: it registers an observer here
 * before the run, and `generate` hands the outcome over once its files are written.
 */
type Observer = (outcome: GenerateOutcome) => void;
let observer: Observer | undefined;

export function observeGenerateOutcome(next: Observer | undefined): void {
  observer = next;
}

export function publishGenerateOutcome(outcome: GenerateOutcome): void {
  observer?.(outcome);
}
