import { openCacheDatabase } from '../../cache';
import type { LibraryServices } from '../../desk/library';
import { holdingsText, holdsAnything, projectHoldings, releaseProject } from '../../desk/project-holdings';
import type { InvokeHandlers } from '../ipc-guard';
import type { Connection } from './connection';

type ProjectsHandlers = Pick<InvokeHandlers, 'projects.list' | 'projects.add' | 'projects.rename' | 'projects.use' | 'projects.saveKeys' | 'projects.remove'>;

export interface ProjectsDeps {
  connection: Connection;
  library: () => Promise<LibraryServices>;
  /** The cache database the inspect views share. */
  cacheDb: () => ReturnType<typeof openCacheDatabase>;
}

/** Settings' project list: add, rename, choose, store a key pair, remove (asking first when it holds anything). */
export function projectsHandlers({ connection, library, cacheDb }: ProjectsDeps): ProjectsHandlers {
  const { projects } = connection;
  const byId = async (id: string) => connection.project(id);
  return {
    'projects.list': () => connection.views(),
    'projects.add': async ({ name, location, kind, appId, appToken }) => {
      await projects.add({ name, location, kind, pair: { appId, appToken } });
      return connection.views();
    },
    'projects.rename': async ({ id, name }) => {
      await projects.rename((await byId(id)).name, name);
      return connection.views();
    },
    'projects.use': async ({ id }) => {
      await projects.use((await byId(id)).name);
      return connection.views();
    },
    'projects.saveKeys': async ({ id, appId, appToken }) => {
      await projects.setKey((await byId(id)).name, { appId, appToken });
      return connection.views();
    },
    'projects.remove': async ({ id, confirmName }) => {
      const project = await byId(id);
      const { outbox } = await library();
      const cache = await cacheDb();
      const holdings = projectHoldings(outbox, cache, project);
      if (holdsAnything(holdings)) {
        const said = holdingsText(project, holdings);
        if (confirmName?.trim() !== project.name) {
          return { removed: false, holdings, message: `${said} Type the project's name to remove it.`, projects: await connection.views() };
        }
        await releaseProject(outbox, cache, project);
      }
      await projects.remove(project.name);
      return { removed: true, holdings, message: `Removed project "${project.name}" and its key.`, projects: await connection.views() };
    },
  };
}
