#!/usr/bin/env node
// `node scripts/require-node.mjs <major.minor> <what>`: stops a script early, saying which Node it
// needs, instead of failing deep inside a tool that declared a newer Node than the one running.
const [wanted = '', what = 'this step'] = process.argv.slice(2);
const [major, minor] = wanted.split('.').map(Number);
const [haveMajor = 0, haveMinor = 0] = process.versions.node.split('.').map(Number);
if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) {
  console.error(`require-node: give the lowest Node version as <major.minor>, e.g. 22.12 (got "${wanted}")`);
  process.exit(2);
}
if (haveMajor < major || (haveMajor === major && haveMinor < minor)) {
  console.error(`${what} needs Node ${major}.${minor} or newer; this is Node ${process.versions.node}. Switch Node (e.g. \`nvm use 22\`) and run it again.`);
  process.exit(1);
}
