import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ExportSelection } from '../../shared/api/export-parameters';
import { ExportFile } from './export-file';
import { newId } from './http';
import type { JobRunner } from './jobs';
import type { PublicationStore } from './publication-store';
import type { Clock } from './types';

/** How long an export and its file stay, on the sandbox clock (the service keeps them a limited time). */
export const EXPORT_LIFETIME_MS = 60 * 60 * 1000;

export type ExportStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'DONE' | 'ERROR';

/** The export object as the service shows it (OpenAPI ExportBase + ExportPublicationBase). */
export interface ExportObject {
  id: string;
  object: 'export';
  created_at: string;
  status: ExportStatus;
  channel: string;
  exported_object: 'publication';
  parameters: Record<string, unknown>;
  result: { url: string } | null;
  user_id: string | null;
}

interface Entry {
  object: ExportObject;
  /** The download token: in the result's URL only, compared in constant time. */
  token: string;
  file: ExportFile | undefined;
  expiresAtMs: number;
}

export interface ExportOptions {
  /** The download cluster's base URL, where `result.url` points. */
  downloadBase: string;
  /** Injected fault: the export ends in ERROR. */
  fail: boolean;
}

/**
 * One project's exports. Each runs on the project's job runner, a portion a turn: the first picks
 * the publications (as they are at that moment), the next count the file's bytes, the last makes
 * it DONE with its download address; or ERROR when a fault says so. Gone an hour after creation.
 */
export class ExportStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly jobs: JobRunner,
    private readonly publications: PublicationStore,
  ) {}

  create(selection: ExportSelection, parameters: Record<string, unknown>, options: ExportOptions): ExportObject {
    this.sweep();
    const now = this.clock.now();
    const object: ExportObject = {
      id: newId('exp_'),
      object: 'export',
      created_at: new Date(now).toISOString(),
      status: 'SCHEDULED',
      channel: 'API',
      exported_object: 'publication',
      parameters,
      result: null,
      user_id: null,
    };
    const entry: Entry = { object, token: randomBytes(24).toString('base64url'), file: undefined, expiresAtMs: now + EXPORT_LIFETIME_MS };
    this.entries.set(object.id, entry);
    this.jobs.run(() => this.advance(entry, selection, options));
    return copy(object);
  }

  get(id: string): ExportObject | undefined {
    this.sweep();
    const entry = this.entries.get(id);
    return entry && copy(entry.object);
  }

  /** Every live export, oldest first. */
  list(): ExportObject[] {
    this.sweep();
    return [...this.entries.values()].map((e) => copy(e.object));
  }

  delete(id: string): boolean {
    this.sweep();
    return this.entries.delete(id);
  }

  /** The file of a DONE export when `token` is its token; 'no-export' or 'bad-token' otherwise. */
  file(id: string, token: string | null): ExportFile | 'no-export' | 'bad-token' {
    this.sweep();
    const entry = this.entries.get(id);
    if (!entry || entry.object.status !== 'DONE' || !entry.file) return 'no-export';
    return token !== null && sameText(token, entry.token) ? entry.file : 'bad-token';
  }

  /** One portion of an export's job; true once it has finished (or was deleted). */
  private advance(entry: Entry, selection: ExportSelection, options: ExportOptions): boolean {
    const { object } = entry;
    if (this.entries.get(object.id) !== entry) return true;
    if (object.status === 'SCHEDULED') {
      object.status = 'IN_PROGRESS';
      if (!options.fail) entry.file = new ExportFile(this.publications.current(), selection);
      return false;
    }
    if (options.fail) {
      object.status = 'ERROR';
      return true;
    }
    const file = entry.file as ExportFile;
    if (!file.count(this.jobs.itemsPerTurn)) return false;
    object.status = 'DONE';
    object.result = { url: `${options.downloadBase}/v1/exports/${encodeURIComponent(object.id)}?token=${entry.token}` };
    return true;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, entry] of this.entries) if (now >= entry.expiresAtMs) this.entries.delete(id);
  }
}

function copy(object: ExportObject): ExportObject {
  return { ...object, result: object.result && { ...object.result } };
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
