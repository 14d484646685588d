import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebArgs, WebUsageError } from '../../../electron/host/web-cli';

describe('npm run web arguments', () => {
  it('reads the data folder, port, sandbox and keychain choice', () => {
    const parsed = parseWebArgs(['--data-dir', 'some/dir', '--port', '8123', '--sandbox', '--memory-keychain']);
    expect(parsed).toMatchObject({ dataDir: resolve('some/dir'), port: 8123, sandbox: true, memoryKeychain: true, help: false });
  });

  it('names the option that is wrong and what it allows', () => {
    expect(() => parseWebArgs(['--port', 'eighty'])).toThrow(new WebUsageError('--port must be a whole number from 0 to 65535, got "eighty".'));
    expect(() => parseWebArgs(['--data-dir'])).toThrow(WebUsageError);
    expect(() => parseWebArgs(['--verbose'])).toThrow('Unknown option "--verbose".');
  });
});
