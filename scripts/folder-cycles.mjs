#!/usr/bin/env node
// Part of `npm run lint`: refuses folders of electron/ that import each other, directly or round a
// longer loop (store -> batches -> store). The layer map in eslint.config.js already refuses every
// import that goes down-up or sideways; this check also holds where the map allows a pair, and says
// which files close the loop. A folder counts with its subfolders; electron/'s own files (main.ts,
// cli.ts, ...) each count alone. ESLint's import-x/no-cycle looks at files, not folders: store/a.ts ->
// batches/b.ts -> store/c.ts is a loop of folders without being one of files.
// Usage: node scripts/folder-cycles.mjs [root]   (exit 1 and the loops on stderr when there are any)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TREE = 'electron';

/** Every .ts file under `dir`. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The file a relative import names (`./x` is x.ts or x/index.ts), or undefined for a package or a missing file. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** The folder a file counts in: electron/<folder>, or the file itself when it sits in electron/. */
function unitOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts.join('/');
}

/** For each unit, the units it imports and, for each, one file import that does it. */
export function folderGraph(root) {
  const tree = path.join(root, TREE);
  const graph = new Map();
  for (const file of sourceFiles(tree)) {
    const from = unitOf(root, file);
    if (!graph.has(from)) graph.set(from, new Map());
    // Static, re-exported, dynamic and type imports all count: a type import ties folders too.
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target || !target.startsWith(tree + path.sep)) continue;
      const to = unitOf(root, target);
      if (to !== from && !graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(root, file)} imports ${path.relative(root, target)}`);
    }
  }
  return graph;
}

/** The loops of the graph: each strongly connected group of more than one unit (Tarjan), with one loop through it. */
export function folderCycles(root) {
  const graph = folderGraph(root);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (unit) => {
    index.set(unit, next);
    low.set(unit, next++);
    stack.push(unit);
    onStack.add(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit), low.get(to)));
      } else if (onStack.has(to)) low.set(unit, Math.min(low.get(unit), index.get(to)));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== unit);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return groups.map((group) => ({ folders: group, loop: loopThrough(graph, group) }));
}

/** One loop from the group's first unit back to it, as the file imports that make each step. */
function loopThrough(graph, group) {
  const inGroup = new Set(group);
  const start = group[0];
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    for (const [to, why] of graph.get(unit) ?? []) {
      if (!inGroup.has(to)) continue;
      if (to === start) {
        const steps = [why];
        for (let at = unit; at !== start; at = cameFrom.get(at).from) steps.unshift(cameFrom.get(at).why);
        return steps;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, { from: unit, why });
        queue.push(to);
      }
    }
  }
  return [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const cycles = folderCycles(root);
  for (const { folders, loop } of cycles) {
    console.error(`Folders importing each other: ${folders.join(', ')}. One loop:\n${loop.map((step) => `  ${step}`).join('\n')}`);
  }
  if (cycles.length > 0) {
    console.error(`${cycles.length} loop(s) of folders in ${TREE}/: move what both need below both, or hand it in from above.`);
    process.exit(1);
  }
}
