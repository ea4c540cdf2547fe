import { describe, expect, it } from 'vitest';
import { nextConfigOf, nextEnvMapping } from './next-config.js';

describe('nextEnvMapping', () => {
  // Shapes from umami (next.config.js, v2.9.0 and v2.13.0), formbricks (apps/web/next.config.mjs) and teable (apps/nextjs-app/next.config.js).
  const text = `import pkg from './package.json' with { type: 'json' };
const cloudMode = process.env.CLOUD_MODE;
export default {
  env: {
    cloudMode,
    cloudUrl: process.env.CLOUD_URL || '',
    configUrl: '/config',
    currentVersion: pkg.version,
    NEXTAUTH_URL: process.env.NEXTAUTH_URL,
    BUILD_TIME: new Date().toISOString(),
    APP_NAME: readName(),
  },
};
`;
  const mapping = nextEnvMapping(text, 'next.config.mjs');
  it('maps a key to the reads its value takes (through a const), with their defaults', () => {
    expect(mapping.get('cloudMode')?.map((read) => [read.name, read.default])).toEqual([['CLOUD_MODE', null]]);
    expect(mapping.get('cloudUrl')?.map((read) => [read.name, read.default])).toEqual([['CLOUD_URL', '']]);
    expect(mapping.get('NEXTAUTH_URL')?.map((read) => read.name)).toEqual(['NEXTAUTH_URL']);
  });
  it('a literal or a JSON import maps from nothing; a call is not read (the app read stays as written)', () => {
    expect(mapping.get('configUrl')).toEqual([]);
    expect(mapping.get('currentVersion')).toEqual([]);
    expect(mapping.has('BUILD_TIME')).toBe(false);
    expect(mapping.has('APP_NAME')).toBe(false);
  });
  it('a file that does not parse maps nothing', () => {
    expect(nextEnvMapping('export default { env: {', 'next.config.js').size).toBe(0);
  });
});

describe('nextConfigOf', () => {
  it('the nearest ancestor folder; none when that folder has two configs', () => {
    const configs = ['apps/web/next.config.mjs', 'next.config.js'];
    expect(nextConfigOf('apps/web/src/page.tsx', configs)).toBe('apps/web/next.config.mjs');
    expect(nextConfigOf('src/app.tsx', configs)).toBe('next.config.js');
    expect(nextConfigOf('apps/webapp/src/app.tsx', ['apps/web/next.config.mjs'])).toBeUndefined();
    expect(nextConfigOf('src/app.tsx', ['next.config.js', 'next.config.mjs'])).toBeUndefined();
  });
});
