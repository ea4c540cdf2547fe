/**
 * CPU (user + sys of the process and every child it waited for: git included), wall time and peak
 * RSS of one command, for the ratio benchmarks. Uses GNU time (`/usr/bin/time`) when present; else
 * the CPU comes from /proc/self/stat (children's ticks) and the peak RSS is not known.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const GNU_TIME = '/usr/bin/time';
const MARK = 'RS_MEASURE';
const hasGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', MARK, 'true'], { encoding: 'utf8' }).stderr?.includes(MARK);

function childTicksMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime, cstime: fields 16 and 17 of stat, 14 and 15 after the command name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** @returns {{ wallMs: number, cpuMs: number, maxRssMb: number, stdout: string, stderr: string, status: number }} */
export function measure(command, args, options = {}) {
  const spawnOptions = { cwd: options.cwd, env: options.env ?? process.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 };
  const started = performance.now();
  if (hasGnuTime) {
    const result = spawnSync(GNU_TIME, ['-f', `${MARK} %e %U %S %M`, command, ...args], spawnOptions);
    const wallMs = performance.now() - started;
    const lines = result.stderr.split('\n');
    const at = lines.findLastIndex((line) => line.startsWith(`${MARK} `));
    const [, , user, sys, rssKb] = (lines[at] ?? '').split(' ');
    const stderr = lines.filter((_, index) => index !== at).join('\n');
    check(command, args, result, stderr, options);
    return { wallMs, cpuMs: (Number(user) + Number(sys)) * 1000, maxRssMb: Number(rssKb) / 1024, stdout: result.stdout, stderr, status: result.status };
  }
  const before = childTicksMs();
  const result = spawnSync(command, args, spawnOptions);
  const wallMs = performance.now() - started;
  check(command, args, result, result.stderr, options);
  return { wallMs, cpuMs: childTicksMs() - before, maxRssMb: Number.NaN, stdout: result.stdout, stderr: result.stderr, status: result.status };
}

function check(command, args, result, stderr, options) {
  if (result.error) throw result.error;
  if (result.status !== 0 && !options.allowFailure) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${stderr.slice(0, 2000)}`);
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(' ');
