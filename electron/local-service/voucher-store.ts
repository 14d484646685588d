import type { Database, Statement } from 'sql.js';
import { compactVoucher, expandVoucher, type VoucherRecord } from './voucher-record';

/** Vouchers by code, with prepared statements for the hot paths of bulk imports. */
export class VoucherStore {
  private readonly getStmt: Statement;
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly deleteStmt: Statement;
  private readonly binStmt: Statement;
  private readonly countCampaignStmt: Statement;

  constructor(private readonly db: Database) {
    this.getStmt = db.prepare('SELECT data FROM vouchers WHERE code = ?');
    this.insertStmt = db.prepare('INSERT OR IGNORE INTO vouchers (code, campaign_id, data) VALUES (?, ?, ?)');
    this.updateStmt = db.prepare('UPDATE vouchers SET data = ? WHERE code = ?');
    this.deleteStmt = db.prepare('DELETE FROM vouchers WHERE code = ?');
    this.binStmt = db.prepare('INSERT OR REPLACE INTO bin (id, code, deleted_at, data) VALUES (?, ?, ?, ?)');
    this.countCampaignStmt = db.prepare('SELECT COUNT(*) FROM vouchers WHERE campaign_id = ?');
  }

  get(code: string): VoucherRecord | undefined {
    try {
      this.getStmt.bind([code]);
      return this.getStmt.step() ? expandVoucher(String(this.getStmt.get()[0])) : undefined;
    } finally {
      this.getStmt.reset();
    }
  }

  /** Inserts unless the code exists; false when it already did. */
  insert(v: VoucherRecord): boolean {
    this.insertStmt.run([v.code, v.campaign_id, compactVoucher(v)]);
    return this.db.getRowsModified() === 1;
  }

  update(v: VoucherRecord): void {
    this.updateStmt.run([compactVoucher(v), v.code]);
  }

  /** Removes the voucher; unless permanent, a copy goes to the bin and the code is free again. */
  remove(v: VoucherRecord, permanent: boolean, deletedAt: string): void {
    this.transaction(() => {
      if (!permanent) this.binStmt.run([v.id, v.code, deletedAt, compactVoucher(v)]);
      this.deleteStmt.run([v.code]);
    });
  }

  countInCampaign(campaignId: string): number {
    try {
      this.countCampaignStmt.bind([campaignId]);
      this.countCampaignStmt.step();
      return Number(this.countCampaignStmt.get()[0]);
    } finally {
      this.countCampaignStmt.reset();
    }
  }

  count(): number {
    return Number(this.db.exec('SELECT COUNT(*) FROM vouchers')[0]?.values[0]?.[0] ?? 0);
  }

  /** Vouchers deleted without force: in the bin, restorable by the service, their codes free again. */
  binCount(): number {
    return Number(this.db.exec('SELECT COUNT(*) FROM bin')[0]?.values[0]?.[0] ?? 0);
  }

  transaction<T>(work: () => T): T {
    this.db.run('BEGIN');
    try {
      const out = work();
      this.db.run('COMMIT');
      return out;
    } catch (error) {
      this.db.run('ROLLBACK');
      throw error;
    }
  }
}
