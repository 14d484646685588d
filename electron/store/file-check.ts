import { existsSync, readFileSync, statSync } from 'node:fs';
import { type DatabaseFiles, earlierUnreadable, keptFile, keptGenerations } from './files';
import { type JournalContents, JournalDamagedError, parseJournal } from './journal';
import { type Manifest, type SnapshotFacts, readManifest, sha256 } from './manifest';
import { readGrowable } from './sqljs';

// Checks a database's files against its manifest without changing anything on disk. Opening uses
// it before loading, `library check` and the UI use it to report; both see the same problems.

export interface FileProblem {
  /** Absolute path of the file concerned. */
  file: string;
  /** What is wrong, in plain words. */
  problem: string;
}

export interface FileCheck {
  files: DatabaseFiles;
  /** new: nothing exists yet; legacy: files of a version without manifests; managed: has a manifest. */
  state: 'new' | 'legacy' | 'managed';
  /** Problems that stop the database from opening. */
  problems: FileProblem[];
  /** Problems of kept copies only: the live data is whole, but a restore from them would fail. */
  keptProblems: FileProblem[];
  /** Things worth saying that lose nothing (a crash tail dropped, a checkpoint finished). */
  notes: string[];
  manifest?: Manifest;
  /** Read to grow in place (readGrowable): the database opened from it keeps these very bytes as its file. */
  snapshot?: Buffer;
  journal?: JournalContents;
  /** The replay must reach at least this commit, or commits the manifest knows of are missing. */
  mustReach: number;
}

export function checkDatabaseFiles(files: DatabaseFiles, options: { hashKept: boolean }): FileCheck {
  const found: FileCheck = { files, state: 'managed', problems: [], keptProblems: [], notes: [], mustReach: 0 };
  const manifest = readManifest(files.manifest, files.name);
  if (manifest.kind === 'damaged') {
    found.problems.push({ file: files.manifest, problem: `The manifest cannot be used: ${manifest.problem}.` });
    return found;
  }
  if (manifest.kind === 'missing') return checkWithoutManifest(found);
  found.manifest = manifest.manifest;
  checkSnapshot(found, manifest.manifest);
  checkJournal(found, manifest.manifest);
  checkKept(found, manifest.manifest.kept, options.hashKept);
  return found;
}

function checkWithoutManifest(found: FileCheck): FileCheck {
  const { files } = found;
  const hasSnapshot = existsSync(files.snapshot);
  const kept = keptGenerations(files);
  if (kept.length > 0) {
    found.problems.push({
      file: files.manifest,
      problem: 'The manifest is missing, although kept copies show this database was saved with one; the other files cannot be checked without it.',
    });
    return found;
  }
  if (!hasSnapshot) {
    for (const file of earlierUnreadable(files)) {
      found.problems.push({ file, problem: 'An earlier start found this file unreadable and moved it aside; no database was started in its place.' });
    }
    if (existsSync(files.journal) && statSync(files.journal).size > 0) {
      found.problems.push({ file: files.journal, problem: 'This journal of changes exists but the database file it continues is missing.' });
    }
    found.state = found.problems.length > 0 ? 'legacy' : 'new';
    return found;
  }
  found.state = 'legacy';
  found.snapshot = readGrowable(files.snapshot);
  found.journal = readJournalChecked(found, files.journal);
  return found;
}

function checkSnapshot(found: FileCheck, manifest: Manifest): void {
  const { files } = found;
  if (!existsSync(files.snapshot)) {
    found.problems.push({
      file: files.snapshot,
      problem: `The database file is missing; the manifest says it was saved at ${manifest.current.takenAt} with ${manifest.current.bytes} bytes.`,
    });
    return;
  }
  const bytes = readGrowable(files.snapshot);
  const sum = sha256(bytes);
  if (matches(manifest.current, bytes, sum)) {
    found.snapshot = bytes;
    found.mustReach = manifest.current.lastCommit;
  } else if (manifest.previous && matches(manifest.previous, bytes, sum)) {
    // A crash came after the new manifest was written but before the new snapshot took the file's
    // name; the journal was not cleared yet, so replaying it on the previous snapshot loses nothing.
    found.snapshot = bytes;
    found.mustReach = manifest.current.lastCommit;
    found.notes.push(`${files.snapshot}: a checkpoint interrupted by a crash is finished from the journal.`);
  } else {
    found.problems.push({
      file: files.snapshot,
      problem: `The database file was changed or damaged after it was saved: it holds ${bytes.length} bytes where ${manifest.current.bytes} were written, and its checksum differs.`,
    });
  }
  found.mustReach = Math.max(found.mustReach, manifest.journal.lastCommit);
}

function checkJournal(found: FileCheck, manifest: Manifest): void {
  const { files } = found;
  if (!existsSync(files.journal)) {
    found.problems.push({
      file: files.journal,
      problem: `The journal is missing. It held the changes made after the last full save (${manifest.current.takenAt}); if the app was closed normally it was empty.`,
    });
    return;
  }
  const bytes = readFileSync(files.journal);
  const sealed = manifest.journal;
  if (bytes.length < sealed.bytes) {
    found.problems.push({
      file: files.journal,
      problem: `The journal was cut short: it holds ${bytes.length} bytes, but ${sealed.bytes} bytes of commits were saved in it.`,
    });
    return;
  }
  if (sealed.bytes > 0 && sha256(bytes.subarray(0, sealed.bytes)) !== sealed.sha256) {
    found.problems.push({
      file: files.journal,
      problem: `The journal was changed or damaged after it was written: its first ${sealed.bytes} bytes differ from what was saved.`,
    });
    return;
  }
  found.journal = parseChecked(found, files.journal, bytes);
}

function readJournalChecked(found: FileCheck, file: string): JournalContents | undefined {
  return parseChecked(found, file, existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
}

function parseChecked(found: FileCheck, file: string, bytes: Buffer): JournalContents | undefined {
  try {
    const journal = parseJournal(bytes);
    if (journal.tornBytes > 0) {
      found.notes.push(`${file}: an incomplete last line of ${journal.tornBytes} bytes (a write cut short by a crash, never confirmed) is dropped.`);
    }
    return journal;
  } catch (error) {
    const reason = error instanceof JournalDamagedError ? error.message : String(error);
    found.problems.push({ file, problem: `The journal is damaged: ${reason}; it was complete when written, so this is not a crash tail.` });
    return undefined;
  }
}

function checkKept(found: FileCheck, kept: readonly SnapshotFacts[], hash: boolean): void {
  for (const facts of kept) {
    const file = keptFile(found.files, facts.generation);
    if (!existsSync(file)) {
      found.keptProblems.push({ file, problem: 'This kept copy is missing.' });
      continue;
    }
    const size = statSync(file).size;
    if (size !== facts.bytes) {
      found.keptProblems.push({ file, problem: `This kept copy holds ${size} bytes where ${facts.bytes} were written.` });
    } else if (hash && sha256(readFileSync(file)) !== facts.sha256) {
      found.keptProblems.push({ file, problem: 'This kept copy was changed or damaged after it was written (its checksum differs).' });
    }
  }
}

function matches(facts: SnapshotFacts, bytes: Buffer, sum: string): boolean {
  return facts.bytes === bytes.length && facts.sha256 === sum;
}
