import { pipelineStages } from '../../src/rules/registry.js';
import type { Surface } from '../../src/rules/types.js';
import { stageInput } from '../helpers/stage-input.js';

/**
 * Whether a stage is still its placeholder (its owner has not landed it yet). End-to-end tests assert
 * the final behaviour for landed stages and the honest `unknown` for placeholders, so they hold both
 * before and after each stage lands.
 */
export async function isPlaceholder(surface: Surface): Promise<boolean> {
  try {
    const result = await pipelineStages[surface].run(stageInput({ base: {}, head: {} }));
    return result.notes.some((note) => /not implemented yet/.test(note));
  } catch {
    return false;
  }
}
