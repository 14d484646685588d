import type { CommandGroup } from '../command';
import { exportCsv, generate, importCsv } from './batch-data';
import { create, duplicate, list, remove, rename, restore, setDefaults, show, trash } from './batch-manage';
import { earningRuleCommands } from './earning-rule';
import { keysCommands } from './keys';
import { libraryCommands } from './library';
import { outboxCommands } from './outbox';
import { publicationsCommands } from './publications';
import { queueCommands } from './queue';
import { rewardsCommands } from './rewards';
import { sandboxCommands } from './sandbox';
import { stacksCommands } from './stacks';
import { syncCommands } from './sync';

const batchCommands: CommandGroup = {
  name: 'batch',
  summary: 'batches of voucher drafts in the offline library',
  commands: [create, list, show, rename, duplicate, setDefaults, importCsv, generate, exportCsv, remove, restore, trash],
};

/** Every command group of `voucher-desk`; a new group is a file in this folder added here. */
export const commandGroups: readonly CommandGroup[] = [keysCommands, batchCommands, libraryCommands, queueCommands, outboxCommands, syncCommands,
  publicationsCommands, stacksCommands, rewardsCommands, earningRuleCommands, sandboxCommands];
