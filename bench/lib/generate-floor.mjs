#!/usr/bin/env node
/**
 * The I/O floor of `generate` for one pair: what any tool pays to know what changed and to read the
 * changed document — `git diff --name-status`, both versions of the OpenAPI document read through
 * one `git cat-file --batch`, and both parsed with JSON.parse (added migrations are read too).
 *
 *   node bench/lib/generate-floor.mjs <repo> <base> <head> <spec path> [migration paths…]
 */
import { spawn, spawnSync } from 'node:child_process';

const [repo, base, head, spec, ...migrations] = process.argv.slice(2);
const diff = spawnSync('git', ['diff', '--name-status', base, head], { cwd: repo, encoding: 'utf8' });
if (diff.status !== 0) throw new Error(diff.stderr);
const requests = [`${base}:${spec}`, `${head}:${spec}`, ...migrations.map((path) => `${head}:${path}`)];
const child = spawn('git', ['cat-file', '--batch'], { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] });
const chunks = [];
child.stdout.on('data', (chunk) => chunks.push(chunk));
child.stdin.end(`${requests.join('\n')}\n`);
await new Promise((resolve) => child.on('close', resolve));
let buffer = Buffer.concat(chunks);
const texts = [];
for (const request of requests) {
  const headerEnd = buffer.indexOf(0x0a);
  const size = Number(buffer.subarray(0, headerEnd).toString().split(' ')[2]);
  if (!Number.isSafeInteger(size)) throw new Error(`${request}: ${buffer.subarray(0, headerEnd)}`);
  texts.push(buffer.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
  buffer = buffer.subarray(headerEnd + 1 + size + 1);
}
JSON.parse(texts[0]);
JSON.parse(texts[1]);
