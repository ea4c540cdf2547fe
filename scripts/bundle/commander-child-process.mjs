// What commander gets for `require('node:child_process')` in the CLI bundle (scripts/build-cli.mjs).
// Commander uses it only to spawn executable subcommands, which release-safety has none of; loading
// node:child_process (and net, dgram, … with it) at start-up costs ~4 ms of CPU on every run (issue 21).
// So the module is loaded on the first call, if one ever comes.
export function spawn(...args) {
  return process.getBuiltinModule('node:child_process').spawn(...args);
}
