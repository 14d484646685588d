import { CodeIndex } from './code-index';
import { InternPool, StringArena, U32Column } from './compact-columns';
import { VOUCHER_DEFAULTS, type VoucherRecord } from './voucher-record';

/**
 * The fields other than id, code, metadata and created_at, in a fixed order. An import gives
 * thousands of vouchers the same values here, so their JSON (a positional array) is kept once.
 */
const SHAPE_FIELDS = [
  'campaign',
  'campaign_id',
  'category',
  'category_id',
  'type',
  'discount',
  'gift',
  'loyalty_card',
  'start_date',
  'expiration_date',
  'validity_timeframe',
  'validity_day_of_week',
  'active',
  'additional_info',
  'is_referral_code',
  'redemption_quantity',
  'redeemed_quantity',
  'redeemed_amount',
  'holder_id',
  'updated_at',
] as const;

/** The shape number of a removed row. */
const REMOVED = 0xffffffff;
const NO_METADATA = '{}';

/**
 * Every voucher of a project as five 32-bit numbers (code and id in a string arena; shape, metadata
 * and creation time interned) instead of an object or a SQLite row: about 70 bytes a voucher, so
 * ten million fit in well under a gigabyte. A record is rebuilt, as a fresh object, when asked for.
 */
export class VoucherTable {
  private readonly strings = new StringArena();
  private readonly codes = new U32Column();
  private readonly ids = new U32Column();
  private readonly shapes = new U32Column();
  private readonly metadatas = new U32Column();
  private readonly createdAts = new U32Column();
  private readonly shapePool = new InternPool('[]');
  private readonly metadataPool = new InternPool(NO_METADATA);
  private readonly createdPool = new InternPool('');
  private readonly index = new CodeIndex(
    (row) => this.strings.get(this.codes.get(row)),
    (row) => this.shapes.get(row) !== REMOVED,
  );
  private readonly perCampaign = new Map<string, number>();
  private rows = 0;
  private live = 0;

  get size(): number {
    return this.live;
  }

  /** The row holding `code`, or -1. */
  find(code: string): number {
    return this.index.find(code);
  }

  record(row: number): VoucherRecord {
    const shape = JSON.parse(this.shapePool.get(this.shapes.get(row))) as unknown[];
    const out: Record<string, unknown> = {};
    // Stored nulls (and fields a record lacked) come back as the defaults, as the JSON rows did.
    SHAPE_FIELDS.forEach((field, i) => {
      out[field] = shape[i] ?? VOUCHER_DEFAULTS[field as keyof typeof VOUCHER_DEFAULTS] ?? null;
    });
    out.id = this.strings.get(this.ids.get(row));
    out.code = this.strings.get(this.codes.get(row));
    out.metadata = JSON.parse(this.metadataPool.get(this.metadatas.get(row))) as unknown;
    out.created_at = this.createdPool.get(this.createdAts.get(row));
    return out as unknown as VoucherRecord;
  }

  /** Adds a voucher whose code no live row holds; returns its row. */
  add(v: VoucherRecord): number {
    const row = this.rows;
    this.codes.set(row, this.strings.add(v.code));
    this.write(row, v);
    this.index.add(row, v.code);
    this.rows += 1;
    this.live += 1;
    this.count(v.campaign_id, 1);
    return row;
  }

  /** Replaces the fields of a live row (its code stays). */
  replace(row: number, v: VoucherRecord): void {
    this.count(this.campaignOf(row), -1);
    this.write(row, v);
    this.count(v.campaign_id, 1);
  }

  /** Marks the row removed; returns what `revive` needs to undo that. */
  remove(row: number): number {
    const shape = this.shapes.get(row);
    this.count(this.campaignOf(row), -1);
    this.shapes.set(row, REMOVED);
    this.live -= 1;
    return shape;
  }

  /** Undoes `remove` (before anything else was added: the row is still indexed). */
  revive(row: number, shape: number): void {
    this.shapes.set(row, shape);
    this.live += 1;
    this.count(this.campaignOf(row), 1);
  }

  countInCampaign(campaignId: string): number {
    return this.perCampaign.get(campaignId) ?? 0;
  }

  private write(row: number, v: VoucherRecord): void {
    // An update keeps the voucher's id: it is not stored a second time.
    const sameId = row < this.rows && this.strings.get(this.ids.get(row)) === v.id;
    if (!sameId) this.ids.set(row, this.strings.add(v.id));
    this.shapes.set(row, this.shapePool.add(JSON.stringify(SHAPE_FIELDS.map((field) => v[field]))));
    const metadata = v.metadata === undefined || v.metadata === null ? NO_METADATA : JSON.stringify(v.metadata);
    this.metadatas.set(row, this.metadataPool.add(metadata));
    this.createdAts.set(row, this.createdPool.add(v.created_at));
  }

  private campaignOf(row: number): string | null {
    return (JSON.parse(this.shapePool.get(this.shapes.get(row))) as unknown[])[1] as string | null;
  }

  private count(campaignId: string | null, by: number): void {
    if (!campaignId) return;
    this.perCampaign.set(campaignId, (this.perCampaign.get(campaignId) ?? 0) + by);
  }
}
