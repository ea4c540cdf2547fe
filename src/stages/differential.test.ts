import { describe, expect, it } from 'vitest';
import { stageInput } from '../../test/helpers/stage-input.js';
import { differentialOf } from './differential.js';

/** When a construct that cannot be read is identical at both refs, and when what it depends on is not. */

const register = 'export function registerTool(server, name) {\n  server.registerTool(name, {});\n}\n';
const entry = "import { NAME } from './names';\nimport { registerTool } from './tools/register';\nregisterTool(server, NAME);\n";

describe('a construct in a function its callers give values to', () => {
  it('an unchanged caller that imports a changed constant: not "no change" (the value it passes changed)', async () => {
    const files = { 'src/tools/register.ts': register, 'src/index.ts': entry };
    const input = stageInput({
      base: { ...files, 'src/names.ts': "export const NAME = 'a';\n" },
      head: { ...files, 'src/names.ts': "export const NAME = 'b';\n" },
    });
    const verdict = await differentialOf(input).unchanged('src/tools/register.ts', true);
    expect(verdict).toEqual({ unchanged: false, why: expect.stringContaining('src/index.ts') });
  });

  it('the same caller through a barrel and a tsconfig alias, the constant two imports away: not "no change"', async () => {
    const files = {
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }',
      'src/tools/register.ts': register,
      'src/tools/index.ts': "export * from './register';\n",
      'src/index.ts': "import { NAME } from '@/config';\nimport { registerTool } from '@/tools';\nregisterTool(server, NAME);\n",
      'src/config.ts': "export { NAME } from './names';\n",
    };
    const input = stageInput({
      base: { ...files, 'src/names.ts': "export const NAME = 'a';\n" },
      head: { ...files, 'src/names.ts': "export const NAME = 'b';\n" },
    });
    expect((await differentialOf(input).unchanged('src/tools/register.ts', true)).unchanged).toBe(false);
  });

  it('a changed file that no caller of it imports: still no change', async () => {
    const files = { 'src/tools/register.ts': register, 'src/index.ts': entry, 'src/names.ts': "export const NAME = 'a';\n" };
    const input = stageInput({
      base: { ...files, 'src/other.ts': 'export const other = 1;\n' },
      head: { ...files, 'src/other.ts': 'export const other = 2;\n' },
    });
    expect(await differentialOf(input).unchanged('src/tools/register.ts', true)).toEqual({ unchanged: true, files: 1 });
  });

  it('module-level code (no inflow): a changed constant only its caller imports does not reach it', async () => {
    const files = { 'src/tools/register.ts': register, 'src/index.ts': entry };
    const input = stageInput({
      base: { ...files, 'src/names.ts': "export const NAME = 'a';\n" },
      head: { ...files, 'src/names.ts': "export const NAME = 'b';\n" },
    });
    expect(await differentialOf(input).unchanged('src/tools/register.ts', false)).toEqual({ unchanged: true, files: 1 });
  });

  it('a changed caller: not "no change", as before', async () => {
    const files = { 'src/tools/register.ts': register, 'src/names.ts': "export const NAME = 'a';\n" };
    const input = stageInput({ base: { ...files, 'src/index.ts': entry }, head: { ...files, 'src/index.ts': `${entry}// touched\n` } });
    expect((await differentialOf(input).unchanged('src/tools/register.ts', true)).unchanged).toBe(false);
  });
});
