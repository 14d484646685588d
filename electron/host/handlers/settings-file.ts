import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AUTH_MODES } from '../../../shared/ipc/settings';
import { replaceFileDurably } from '../../store/durable-file';

/**
 * What is kept in `<dataDir>/settings.json`: never a key or token (those live in the keychain). The
 * target of a folder from before projects is only read, by the projects' migration.
 */
const storedSchema = z.object({ target: z.string().optional(), auth: z.enum(AUTH_MODES) });
export type StoredSettings = z.output<typeof storedSchema>;

export const DEFAULT_SETTINGS: StoredSettings = { auth: 'keys' };

export class SettingsFile {
  readonly file: string;
  private current: StoredSettings;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'settings.json');
    this.current = this.load();
  }

  get(): StoredSettings {
    return { ...this.current };
  }

  update(change: Partial<StoredSettings>): StoredSettings {
    const next = { ...this.current, ...change };
    replaceFileDurably(this.file, new TextEncoder().encode(JSON.stringify(next, null, 2)));
    this.current = next;
    return this.get();
  }

  private load(): StoredSettings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `${this.file} is not readable JSON (${(error as Error).message}); it was left as it is: fix it, or move it away to go back to the default settings`,
        { cause: error },
      );
    }
    const parsed = storedSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`${this.file} is not a settings file of this app; fix it, or move it away to go back to the default settings (${parsed.error.message})`);
    return parsed.data;
  }
}
