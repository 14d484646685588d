import type { GroupCommands } from '../command';
import { exportCsv, generate, importCsv } from './batch-data';
import { create, duplicate, list, remove, rename, restore, setDefaults, show, trash } from './batch-manage';

export const batchCommands: GroupCommands = {
  commands: [create, list, show, rename, duplicate, setDefaults, importCsv, generate, exportCsv, remove, restore, trash],
};
