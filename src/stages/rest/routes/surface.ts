import type { RuleMeta } from '../../../rules/types.js';
import type { StageInput } from '../../contract.js';
import type { SurfaceOutcome } from '../compose.js';

export const routeRuleMetas: RuleMeta[] = [];

export async function runRoutesSurface(input: StageInput): Promise<SurfaceOutcome> {
  if (!input.config.routes) return { kind: 'absent' };
  return { kind: 'unchecked', findings: [], notes: ['routes surface not implemented yet'] };
}
