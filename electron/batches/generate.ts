import { CodeSpecError, type CodeSpec, generateCodes } from '../../shared/domain/code-generator';
import type { RandomInt } from '../../shared/domain/random';
import type { StoreDatabase } from '../store/database';
import { loadWritableBatch, type FreezeCheck } from './batch-lookup';
import { FieldSets, RowInserter } from './row-writer';
import { summerFor, writeSegments } from './segments';
import { checkRow, isValid, storeRow } from './rows';
import { BatchError, type DraftFields } from './types';

export interface GenerateInput {
  spec: CodeSpec;
  /** Fields every new row sets itself; by default the rows take everything from the batch defaults. */
  fields?: DraftFields;
  random?: RandomInt;
}

export interface GenerateReport {
  generated: number;
  firstRow: number | null;
  lastRow: number | null;
  /** New rows with errors (for example when the batch defaults are not complete yet). */
  invalidRows: number;
  warnings: string[];
}

/**
 * New rows with generated codes, none of which is already anywhere in the library (any batch,
 * including the trash), in one durable commit.
 */
export function generateIntoBatch(db: StoreDatabase, frozen: FreezeCheck, batchId: number, input: GenerateInput): Promise<GenerateReport> {
  return db.write((tx) => {
    const batch = loadWritableBatch(tx, batchId, frozen);
    const taken = tx.prepare('SELECT 1 AS taken FROM drafts WHERE code = ? LIMIT 1');
    let result;
    try {
      result = generateCodes(input.spec, { exists: (code) => taken.get([code]) !== undefined, random: input.random });
    } catch (error) {
      if (error instanceof CodeSpecError) throw new BatchError(`Code generation: ${error.field}: ${error.message}`);
      throw new BatchError(`Code generation failed: ${(error as Error).message}`);
    }
    const fields = input.fields ?? {};
    const summer = summerFor(tx, batchId);
    const inserter = new RowInserter(tx, summer);
    const sets = new FieldSets(tx);
    let invalidRows = 0;
    result.codes.forEach((code, index) => {
      const row = batch.nextRow + index;
      const problems = checkRow(batch.defaults, fields, code, row);
      if (!isValid(problems)) invalidRows += 1;
      storeRow(inserter, sets, batchId, row, code, fields, problems);
    });
    inserter.flush();
    if (summer !== undefined) writeSegments(tx, batchId, summer.finish());
    const count = result.codes.length;
    tx.run('UPDATE batches SET next_row = ?, updated_at = ? WHERE id = ?', [batch.nextRow + count, new Date().toISOString(), batchId]);
    return {
      generated: count,
      firstRow: count > 0 ? batch.nextRow : null,
      lastRow: count > 0 ? batch.nextRow + count - 1 : null,
      invalidRows,
      warnings: result.warnings,
    };
  });
}
