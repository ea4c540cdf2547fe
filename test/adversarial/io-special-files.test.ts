import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../../src/artifact/write.js';
import { runCli } from '../helpers/cli.js';
import { goodIndex } from '../index/index-fixture.js';

/**
 * `--out`, `--report` and `index --out` over something that is not a plain file. Only a regular file
 * (or nothing) is replaced by an atomic rename; a symlink is written through to its target (the link
 * stays); a device or FIFO is written directly (it stays a device or FIFO); a folder is refused.
 * Devices are made with mknod in a temporary folder (never /dev itself), so that part needs root.
 */
const scratch = () => mkdtempSync(join(tmpdir(), 'rs-special-'));
const isRoot = process.getuid?.() === 0;

function makeDevice(path: string, minor: 3 | 7): void {
  // 1,3 is the null device; 1,7 the full device (every write fails with ENOSPC).
  const made = spawnSync('mknod', [path, 'c', '1', String(minor)]);
  if (made.status !== 0) throw new Error(`mknod failed: ${made.stderr.toString()}`);
}

describe('writes over special files', () => {
  it.runIf(isRoot)('a null device stays a device and takes the text', () => {
    const folder = scratch();
    makeDevice(join(folder, 'null'), 3);
    writeFilesAtomic([{ path: join(folder, 'null'), text: '{}\n' }]);
    expect(lstatSync(join(folder, 'null')).isCharacterDevice()).toBe(true);
  });

  it.runIf(isRoot)('a full device fails the write with ENOSPC, stays a device, and the paired file is not replaced', () => {
    const folder = scratch();
    makeDevice(join(folder, 'full'), 7);
    writeFileSync(join(folder, 'release-safety.json'), 'old\n');
    expect(() =>
      writeFilesAtomic([
        { path: join(folder, 'release-safety.json'), text: 'new\n' },
        { path: join(folder, 'full'), text: '# report\n' },
      ]),
    ).toThrow(/ENOSPC/);
    expect(lstatSync(join(folder, 'full')).isCharacterDevice()).toBe(true);
    expect(readFileSync(join(folder, 'release-safety.json'), 'utf8')).toBe('old\n');
  });

  it('a FIFO with a reader stays a FIFO and the reader gets the text', async () => {
    const folder = scratch();
    const fifo = join(folder, 'out.fifo');
    spawnSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let received = '';
    reader.stdout.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const done = new Promise((resolve) => reader.on('close', resolve));
    // The reader opens the FIFO on its own time; the writer waits a bounded time for it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    writeFilesAtomic([{ path: fifo, text: '{"ok": true}\n' }]);
    await done;
    expect(received).toBe('{"ok": true}\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a FIFO nobody reads is an error at once, not a hang', () => {
    const folder = scratch();
    const fifo = join(folder, 'out.fifo');
    spawnSync('mkfifo', [fifo]);
    expect(() => writeFilesAtomic([{ path: fifo, text: 'x\n' }])).toThrow(/no reader/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a symlink is written through: the link stays, its target gets the text', () => {
    const folder = scratch();
    mkdirSync(join(folder, 'published'));
    writeFileSync(join(folder, 'published', 'release-safety.json'), 'old\n');
    symlinkSync('published/release-safety.json', join(folder, 'release-safety.json'));
    writeFilesAtomic([{ path: join(folder, 'release-safety.json'), text: 'new\n' }]);
    expect(readlinkSync(join(folder, 'release-safety.json'))).toBe('published/release-safety.json');
    expect(readFileSync(join(folder, 'published', 'release-safety.json'), 'utf8')).toBe('new\n');
  });

  it('a dangling symlink is written through: its target is created, the link stays', () => {
    const folder = scratch();
    symlinkSync('target.json', join(folder, 'link.json'));
    writeFilesAtomic([{ path: join(folder, 'link.json'), text: 'new\n' }]);
    expect(lstatSync(join(folder, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(folder, 'target.json'), 'utf8')).toBe('new\n');
  });

  it('a symlink loop is refused', () => {
    const folder = scratch();
    symlinkSync('b.json', join(folder, 'a.json'));
    symlinkSync('a.json', join(folder, 'b.json'));
    expect(() => writeFilesAtomic([{ path: join(folder, 'a.json'), text: 'x\n' }])).toThrow(/symbolic links/);
    expect(lstatSync(join(folder, 'a.json')).isSymbolicLink()).toBe(true);
  });

  it.each([
    ['a folder', (folder: string) => mkdirSync(join(folder, 'target'))],
    ['a symlink to a folder', (folder: string) => (mkdirSync(join(folder, 'real')), symlinkSync('real', join(folder, 'target')))],
  ])('%s is refused and nothing is written', (_name, make) => {
    const folder = scratch();
    make(folder);
    writeFileSync(join(folder, 'artifact.json'), 'old\n');
    expect(() =>
      writeFilesAtomic([
        { path: join(folder, 'artifact.json'), text: 'new\n' },
        { path: join(folder, 'target'), text: 'x\n' },
      ]),
    ).toThrow(/is a folder/);
    expect(readFileSync(join(folder, 'artifact.json'), 'utf8')).toBe('old\n');
    expect(statSync(join(folder, 'target')).isDirectory()).toBe(true);
  });

  it('index --out through a symlink keeps the link (CLI)', () => {
    const folder = scratch();
    writeFileSync(join(folder, 'existing.json'), JSON.stringify(goodIndex()));
    writeFileSync(join(folder, 'real-index.json'), 'old\n');
    symlinkSync('real-index.json', join(folder, 'index.json'));
    const run = runCli(['index', '--index', join(folder, 'existing.json'), '--out', join(folder, 'index.json')]);
    expect(run.status).toBe(0);
    expect(lstatSync(join(folder, 'index.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(folder, 'real-index.json'), 'utf8')).entries).toHaveLength(3);
  });

  it.runIf(isRoot)('index --out to a null device leaves the device in place (CLI)', () => {
    const folder = scratch();
    writeFileSync(join(folder, 'existing.json'), JSON.stringify(goodIndex()));
    makeDevice(join(folder, 'null'), 3);
    const run = runCli(['index', '--index', join(folder, 'existing.json'), '--out', join(folder, 'null')]);
    expect(run.status).toBe(0);
    expect(lstatSync(join(folder, 'null')).isCharacterDevice()).toBe(true);
  });
});
