import { afterEach } from 'vitest';
import { type LibraryServices, openLibraryServices } from '../../../electron/desk/library';
import { useTempDirs } from '../store/temp-dir';

export const PERCENT_DEFAULTS = {
  type: 'DISCOUNT_VOUCHER',
  discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' },
} as const;

/** Opens libraries in fresh folders; each is closed after the test unless the test closed it. */
export function useLibraries(): { open(dir?: string): Promise<LibraryServices>; tempDir(): string } {
  const tempDir = useTempDirs();
  const opened: LibraryServices[] = [];
  afterEach(async () => {
    for (const library of opened.splice(0)) await library.close();
  });
  return {
    tempDir,
    async open(dir = tempDir()) {
      const library = await openLibraryServices(dir);
      opened.push(library);
      return library;
    },
  };
}
