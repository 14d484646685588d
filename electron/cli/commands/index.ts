import type { CommandGroup } from '../command';

/**
 * Every command group of `voucher-desk`; a new group is a file in this folder added here. Each is
 * imported only when its name is given, so a command loads just the modules it uses (start-up time).
 */
export const commandGroups: readonly CommandGroup[] = [
  {
    name: 'project',
    summary: 'projects: add (with the key pair, kept in the OS keychain), list, use, rename, key, remove',
    load: async () => (await import('./project')).projectCommands,
  },
  {
    name: 'keys',
    summary: 'deprecated alias of `project` for one release: keys set|show|delete <target>',
    load: async () => (await import('./keys')).keysCommands,
  },
  { name: 'batch', summary: 'batches of voucher drafts in the offline library', load: async () => (await import('./batch')).batchCommands },
  { name: 'library', summary: 'check the data folder, restore a kept copy, or start fresh', load: async () => (await import('./library')).libraryCommands },
  { name: 'queue', summary: 'queue operations for the next sync (works offline)', load: async () => (await import('./queue')).queueCommands },
  { name: 'outbox', summary: 'what is queued for sync: list, show, cancel, retry', load: async () => (await import('./outbox')).outboxCommands },
  // Brief: a sync sends what queueing prepared; at ~300 ms of CPU, V8 optimising sql.js on a second thread
  // held its first request back (0.78 s against 0.41 s from the start on 2 busy cores, startup bench).
  { name: 'sync', summary: 'send the outbox to the service (--dry-run shows the plan)', brief: true, load: async () => (await import('./sync')).syncCommands },
  {
    name: 'publications',
    summary: 'publication history: pull it into the offline cache, list it offline',
    load: async () => (await import('./publications')).publicationsCommands,
  },
  { name: 'stacks', summary: 'promotion stacks, offline from the cache (--pull to fetch)', load: async () => (await import('./stacks')).stacksCommands },
  { name: 'rewards', summary: 'rewards, offline from the cache (--pull to fetch)', load: async () => (await import('./rewards')).rewardsCommands },
  {
    name: 'earning-rule',
    summary: 'one earning rule (beta endpoint): its effects and points expiration; cached for offline reading',
    load: async () => (await import('./earning-rule')).earningRuleCommands,
  },
  {
    name: 'sandbox',
    summary: 'the local sandbox of the promotion service, for trying everything without an account',
    load: async () => (await import('./sandbox')).sandboxCommands,
  },
];
