import { defineRouteRule } from '../rule.js';

export const routeUndocumented = defineRouteRule(
  {
    id: 'route-undocumented',
    level: 'info',
    direction: 'request',
    summary: 'A route the code serves is not in the OpenAPI document: a blind spot of the spec, covered by the routes surface.',
    message: '{method} {path} — served (code: {file}:{line}) but not in the OpenAPI document',
    why: 'Changes to it are invisible to the spec diff; only the routes read from the code protect its clients.',
  },
  {
    base: {},
    head: {
      'src/users.controller.ts': `import { Controller, Get } from '@nestjs/common';
@Controller('api/v1/org')
export class OrgController {
  @Get('users') list() {}
  @Get('users/:userUuid') get() {}
}
`,
    },
    documented: ['GET /api/v1/org/users'],
  },
  (diff, emit) => {
    for (const route of diff.undocumented) emit(route);
  },
);
