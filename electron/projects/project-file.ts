import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PROJECT_KINDS, type Project } from '../../shared/domain/project';
import { replaceFileDurably } from '../store/durable-file';
import { PROJECTS_FILE } from '../store/files';

// `<dataDir>/projects.json`: the projects and which one is current. Small and rarely written, so it
// is replaced whole and durably. It holds no key or token: those live in the keychain under the
// project's id. A file that cannot be read is refused with its name, never taken as "no projects".

const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  location: z.string().min(1),
  appId: z.string(),
  kind: z.enum(PROJECT_KINDS),
});

const fileSchema = z.object({
  version: z.literal(1),
  current: z.string().nullable(),
  projects: z.array(projectSchema),
});

export type ProjectsContent = z.output<typeof fileSchema>;

export class ProjectsFileError extends Error {
  constructor(file: string, problem: string) {
    super(
      `${file} ${problem}; it was left as it is: restore it from a backup, or move it away to set the projects up again (queued operations and caches are kept)`,
    );
    this.name = 'ProjectsFileError';
  }
}

export function projectsFilePath(dataDir: string): string {
  return join(dataDir, PROJECTS_FILE);
}

/** The file's content, or undefined when there is none yet (a new folder, or one from before projects). */
export function readProjectsFile(dataDir: string): ProjectsContent | undefined {
  const file = projectsFilePath(dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ProjectsFileError(file, `cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProjectsFileError(file, `is not readable JSON (${(error as Error).message})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new ProjectsFileError(file, `is not a projects file of this app (${parsed.error.issues[0]?.message ?? 'bad shape'})`);
  return parsed.data;
}

export function writeProjectsFile(dataDir: string, content: ProjectsContent): void {
  const checked = fileSchema.parse(content);
  // A project may be the first thing a new data folder holds.
  mkdirSync(dataDir, { recursive: true });
  replaceFileDurably(projectsFilePath(dataDir), new TextEncoder().encode(`${JSON.stringify(checked, null, 2)}\n`));
}

export type { Project };
