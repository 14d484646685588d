import type { Database, Statement } from 'sql.js';
import { compactVoucher, expandVoucher, type VoucherRecord } from './voucher-record';
import { VoucherTable } from './voucher-table';

/** The SQLite side of a project kept in a data file: every change written through to its table. */
interface FileCopy {
  insert: Statement;
  update: Statement;
  delete: Statement;
}

/**
 * Vouchers by code. They are read from a compact in-memory table (voucher-table.ts) so ten million
 * imported codes do not take gigabytes; with a data file each change is also written to its
 * `vouchers` table, the copy that is saved, and the file's vouchers are loaded at start.
 */
export class VoucherStore {
  private readonly table = new VoucherTable();
  private readonly file: FileCopy | undefined;
  private readonly binStmt: Statement;
  /** While a transaction runs: how to take its changes to the table back if it fails. */
  private undo: (() => void)[] | undefined;

  constructor(
    private readonly db: Database,
    persistent: boolean,
  ) {
    this.binStmt = db.prepare('INSERT OR REPLACE INTO bin (id, code, deleted_at, data) VALUES (?, ?, ?, ?)');
    if (persistent) {
      this.file = {
        insert: db.prepare('INSERT OR IGNORE INTO vouchers (code, campaign_id, data) VALUES (?, ?, ?)'),
        update: db.prepare('UPDATE vouchers SET data = ? WHERE code = ?'),
        delete: db.prepare('DELETE FROM vouchers WHERE code = ?'),
      };
      const rows = db.prepare('SELECT data FROM vouchers');
      try {
        while (rows.step()) this.table.add(expandVoucher(String(rows.get()[0])));
      } finally {
        rows.free();
      }
    }
  }

  get(code: string): VoucherRecord | undefined {
    const row = this.table.find(code);
    return row < 0 ? undefined : this.table.record(row);
  }

  /** Inserts unless the code exists; false when it already did. */
  insert(v: VoucherRecord): boolean {
    if (this.table.find(v.code) >= 0) return false;
    this.file?.insert.run([v.code, v.campaign_id, compactVoucher(v)]);
    const row = this.table.add(v);
    this.undo?.push(() => void this.table.remove(row));
    return true;
  }

  update(v: VoucherRecord): void {
    const row = this.table.find(v.code);
    if (row < 0) return;
    this.file?.update.run([compactVoucher(v), v.code]);
    if (this.undo) {
      const before = this.table.record(row);
      this.undo.push(() => this.table.replace(row, before));
    }
    this.table.replace(row, v);
  }

  /** Removes the voucher; unless permanent, a copy goes to the bin and the code is free again. */
  remove(v: VoucherRecord, permanent: boolean, deletedAt: string): void {
    this.transaction(() => {
      if (!permanent) this.binStmt.run([v.id, v.code, deletedAt, compactVoucher(v)]);
      this.file?.delete.run([v.code]);
      const row = this.table.find(v.code);
      if (row >= 0) {
        const shape = this.table.remove(row);
        this.undo?.push(() => this.table.revive(row, shape));
      }
    });
  }

  countInCampaign(campaignId: string): number {
    return this.table.countInCampaign(campaignId);
  }

  count(): number {
    return this.table.size;
  }

  /** Vouchers deleted without force: in the bin, restorable by the service, their codes free again. */
  binCount(): number {
    return Number(this.db.exec('SELECT COUNT(*) FROM bin')[0]?.values[0]?.[0] ?? 0);
  }

  /** One SQLite transaction; when `work` throws, its changes to the table are taken back too. */
  transaction<T>(work: () => T): T {
    const outer = this.undo;
    const undo: (() => void)[] = [];
    this.undo = undo;
    this.db.run('BEGIN');
    try {
      const out = work();
      this.db.run('COMMIT');
      outer?.push(...undo);
      return out;
    } catch (error) {
      this.db.run('ROLLBACK');
      for (let i = undo.length - 1; i >= 0; i -= 1) (undo[i] as () => void)();
      throw error;
    } finally {
      this.undo = outer;
    }
  }
}
