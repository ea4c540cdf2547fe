import { defineRule } from '../../../rules/define.js';
import { REST_DOCS } from '../rule.js';

const controller = {
  'src/users.controller.ts': `import { Controller, Get } from '@nestjs/common';
@Controller('api/v1/org')
export class OrgController {
  @Get('users') list() {}
  @Get('users/:userUuid') get() {}
}
`,
};

export const routeUndocumented = defineRule(
  {
    id: 'route-undocumented',
    surface: 'rest',
    level: 'info',
    direction: 'request',
    summary: 'A route the code serves is not in the OpenAPI document: a blind spot of the spec, covered by the routes surface.',
    message: '{method} {path} — served (code: {file}:{line}) but not in the OpenAPI document',
    why: 'Changes to it are invisible to the spec diff; only the routes read from the code protect its clients.',
    fix: 'Document {method} {path} in the OpenAPI document (its parameters, request body and responses), so the spec diff checks what its callers send and read, not only that it is served.',
    docs: REST_DOCS,
  },
  {
    flagged: [{ base: {}, head: controller, documented: ['GET /api/v1/org/users'] }],
    quiet: [{ base: {}, head: controller, documented: ['GET /api/v1/org/users', 'GET /api/v1/org/users/{id}'] }],
  },
  (diff, emit) => {
    for (const route of diff.routes.undocumented) emit(route);
  },
);
