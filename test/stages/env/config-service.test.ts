import { describe, expect, it } from 'vitest';
import { runEnvStage } from './run-env-stage.js';

/** NestJS's ConfigService as docmost and teable use it (`this.configService.get<string>('APP_URL')`). */
const service = (keys: string[]) =>
  `import { ConfigService } from '@nestjs/config';\nexport class EnvironmentService {\n  constructor(private configService: ConfigService) {}\n${keys.map((key, index) => `  get${index}() {\n    return this.configService.get<string>('${key}');\n  }\n`).join('')}}\n`;
const WITH_SERVICE = { sources: ['src/**/*.ts'], helpers: ['configService.get', 'configService.getOrThrow'] };

describe('env: config service reads (`receiver.method` helpers)', () => {
  it('a variable read only through ConfigService and then removed makes the config surface breaking', async () => {
    const result = await runEnvStage(
      { 'src/environment.service.ts': service(['APP_URL', 'MAIL_FROM']) },
      { 'src/environment.service.ts': service(['APP_URL']) },
      WITH_SERVICE,
    );
    expect(result.verdict).toEqual({ checked: true, breaking: true });
    expect(result.section.changes).toEqual([expect.objectContaining({ type: 'removed', name: 'MAIL_FROM' })]);
  });

  it('without the helper the same release reads no variable at all (what init now writes prevents)', async () => {
    const result = await runEnvStage(
      { 'src/environment.service.ts': service(['APP_URL', 'MAIL_FROM']) },
      { 'src/environment.service.ts': service(['APP_URL']) },
      { sources: ['src/**/*.ts'] },
    );
    expect(result.section.changes).toEqual([]);
  });

  it("a key of the service's own namespaces (teable `configService.get('security.web')`) is not an env variable", async () => {
    const result = await runEnvStage(
      { 'src/environment.service.ts': service(['APP_URL', 'security.web']) },
      { 'src/environment.service.ts': service(['APP_URL']) },
      WITH_SERVICE,
    );
    expect(result.verdict).toEqual({ checked: true, breaking: false });
  });

  it('a key that is not a literal is unknown, naming the call', async () => {
    const text =
      'export class S {\n  constructor(private configService: ConfigService) {}\n  read(key: string) {\n    return this.configService.get(key);\n  }\n}\n';
    const result = await runEnvStage({ 'src/s.ts': `${text}// base\n` }, { 'src/s.ts': text }, WITH_SERVICE);
    expect(result.verdict.breaking).toBe('unknown');
    expect(result.notes.join('\n')).toContain('src/s.ts:4: this.configService.get(key)');
  });
});
