import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SNIFF_BYTES, csvFileProblem } from '../../shared/domain/csv-sniff';
import { errorText } from '../store/errors';
import { BatchError } from './types';

/**
 * The size of a CSV file about to be imported or previewed, after refusing an empty or binary one.
 * `name` is how the user knows the file (the picked file's name for an upload), used in messages.
 */
export function checkCsvFile(file: string, name = file): number {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new BatchError(`Cannot read the CSV file ${name}: ${errorText(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new BatchError(`Cannot read the CSV file ${name}: not a file`);
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, stat.size));
    const read = head.length === 0 ? 0 : readSync(fd, head, 0, head.length, 0);
    const problem = csvFileProblem(name, head.subarray(0, read), stat.size);
    if (problem) throw new BatchError(problem);
    return stat.size;
  } finally {
    closeSync(fd);
  }
}
