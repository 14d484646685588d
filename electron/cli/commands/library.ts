import { restoreSummary } from '../../store/advice';
import { DATABASE_NAMES, type DatabaseName } from '../../store/kept';
import {
  type DataDirHealth,
  type FileProblem,
  type KeptCopy,
  checkDataDir,
  checkSettings,
  listCopies,
  restoreCopy,
  startFresh,
} from '../../data-folder/health';
import { type Command, type GroupCommands, UsageError } from '../command';
import { table } from '../format';

// `voucher-desk library ...`: the way out when a database was refused. These commands never open a
// database the usual way (that is what is refused); they read, move and copy its files directly.

/** Raised after the report is printed, so the exit code is 1 while stdout still has the report. */
class NeedsAttention extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NeedsAttention';
  }
}

const copyColumns = [
  { header: 'DATABASE', value: (c: KeptCopy) => c.database },
  { header: 'COPY', value: (c: KeptCopy) => c.id },
  { header: 'SAVED AT', value: (c: KeptCopy) => c.takenAt },
  { header: 'LAST COMMIT', value: (c: KeptCopy) => String(c.lastCommit) },
  { header: 'BYTES', value: (c: KeptCopy) => String(c.bytes) },
];

function healthText(health: DataDirHealth, settings: readonly FileProblem[]): string {
  const lines = [`Data folder ${health.dir}`];
  for (const db of health.databases) {
    lines.push('', `${db.database}: ${db.ok ? 'ok' : 'NEEDS ATTENTION'} (${db.keptCopies.length} kept ${db.keptCopies.length === 1 ? 'copy' : 'copies'})`);
    for (const p of db.problems) lines.push(`  ${p.file}: ${p.problem}`);
    if (!db.ok) lines.push(`  ${db.advice}`);
  }
  lines.push('', `settings: ${settings.length === 0 ? 'ok' : 'NEEDS ATTENTION'}`);
  for (const p of settings) lines.push(`  ${p.file}: ${p.problem} Fix it or move it away; the app goes back to its default settings without it.`);
  return `${lines.join('\n')}\n`;
}

const check: Command = {
  name: 'check',
  usage: '',
  summary: 'verify every file of the data folder against its manifest and checksums; exit 1 when something needs attention',
  async run(ctx) {
    const health = await checkDataDir(ctx.dataDir);
    const settings = checkSettings(ctx.dataDir);
    const ok = health.ok && settings.length === 0;
    const data = { ...health, ok, settings };
    if (ok) return { data, text: healthText(health, settings) };
    ctx.io.out(ctx.json ? `${JSON.stringify(data, null, 2)}\n` : healthText(health, settings));
    const count = health.databases.filter((d) => !d.ok).length + (settings.length > 0 ? 1 : 0);
    throw new NeedsAttention(`${count} part${count === 1 ? '' : 's'} of the data folder need${count === 1 ? 's' : ''} attention (see the report above)`);
  },
};

const restore: Command = {
  name: 'restore',
  usage: '[<database> <copy>]',
  summary: 'list the kept copies of each database, or put one back (what it replaces is set aside, never deleted)',
  async run(ctx, args) {
    const [database, copyId] = args.positionals;
    if (database === undefined) {
      const copies = await listCopies(ctx.dataDir);
      const text =
        copies.length === 0 ? 'No kept copies.\n' : `${table(copies, copyColumns)}\nRestore one with "voucher-desk library restore <database> <copy>".\n`;
      return { data: copies, text };
    }
    if (!DATABASE_NAMES.includes(database as DatabaseName)) throw new UsageError(`<database> must be ${DATABASE_NAMES.join(', ')} (got "${database}")`);
    if (copyId === undefined) throw new UsageError('missing <copy>: "voucher-desk library restore" lists the kept copies');
    const result = await restoreCopy(ctx.dataDir, database as DatabaseName, copyId);
    const aside = result.setAside.length > 0 ? `Set aside (not deleted): ${result.setAside.join(', ')}.\n` : '';
    return { data: result, text: `${restoreSummary(database, result).join('\n')}\n${aside}` };
  },
};

const fresh: Command = {
  name: 'start-fresh',
  usage: '',
  summary: 'move every file of the data folder into one set-aside folder and start empty; nothing is deleted',
  options: { yes: { type: 'boolean', description: 'do it without asking' } },
  async run(ctx, args) {
    if (args.values['yes'] !== true) {
      if (!ctx.io.stdinIsTty) throw new UsageError('start-fresh sets every file of the data folder aside; add --yes to confirm');
      const answer = await ctx.io.readLine(`Set every file of ${ctx.dataDir} aside and start with an empty library? [y/N] `);
      if (!/^y(es)?$/i.test(answer.trim())) return { data: { setAside: [] }, text: 'Nothing was changed.\n' };
    }
    const result = await startFresh(ctx.dataDir);
    const where = result.setAside[0]?.replace(/[\\/][^\\/]+$/, '');
    const text =
      result.setAside.length === 0
        ? 'The data folder held nothing to set aside.\n'
        : `Moved ${result.setAside.length} files and folders to ${where}; the next start begins empty.\n`;
    return { data: result, text };
  },
};

export const libraryCommands: GroupCommands = {
  commands: [check, restore, fresh],
};
