import { exportKey } from '../../shared/domain/export-publication';
import type { Writer } from '../store/statements';

// Cache version 6: the key of each export-sourced publication as a digest (see exportKey) rather
// than its instant, customer and code spelt out, in the facts and in the members of pulls.

const CHUNK = 10_000;

/** Version 5's key of a row: `x_<instant>_<customer>_<code>`, its facts as the export stored them. */
function keyOfVersion5(row: { created_at: string | null; customer_id: string | null; voucher_code: string | null }): string {
  return `x_${row.created_at ?? ''}_${row.customer_id ?? ''}_${row.voucher_code ?? ''}`;
}

export function digestExportKeys(tx: Writer): void {
  tx.run('CREATE TEMP TABLE renamed_keys (old TEXT PRIMARY KEY, new TEXT NOT NULL) WITHOUT ROWID');
  const rename = tx.prepare('UPDATE publication_facts SET id = ? WHERE no = ?');
  const note = tx.prepare('INSERT INTO renamed_keys (old, new) VALUES (?, ?)');
  for (let after = -1; ;) {
    const rows = tx.all<{ no: number; id: string; created_at: string | null; customer_id: string | null; voucher_code: string | null }>(
      "SELECT no, id, created_at, customer_id, voucher_code FROM publication_facts WHERE no > ? AND id GLOB 'x_*' ORDER BY no LIMIT ?",
      [after, CHUNK],
    );
    for (const row of rows) {
      const old = keyOfVersion5(row);
      // Twins were keyed `#2`, `#3`… after the key; an id that is neither (a service id that starts with x_) stays.
      const twin = row.id === old ? '' : row.id.startsWith(`${old}#`) ? row.id.slice(old.length) : undefined;
      if (twin === undefined) continue;
      const key = `${exportKey(row.created_at ?? '', row.customer_id ?? '', row.voucher_code)}${twin}`;
      rename.run([key, row.no]);
      note.run([row.id, key]);
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.no;
  }
  tx.run('UPDATE pull_members SET id = (SELECT new FROM renamed_keys WHERE old = pull_members.id) WHERE id IN (SELECT old FROM renamed_keys)');
  tx.run('DROP TABLE renamed_keys');
}
