import type { RouteRule } from '../rule.js';
import { routeAdded } from './route-added.js';
import { routeRemoved } from './route-removed.js';
import { routeUndocumented } from './route-undocumented.js';

/** The catalogue of rules over routes read from the code: one entry per file in this folder, in id order. */
export const routeRules: readonly RouteRule[] = [routeAdded, routeRemoved, routeUndocumented];
