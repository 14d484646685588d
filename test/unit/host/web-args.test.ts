import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/command-line/flags';
import { parseWebArgs } from '../../../electron/host/web-cli';

describe('npm run web arguments', () => {
  it('reads the data folder, port, sandbox and keychain choice', () => {
    const parsed = parseWebArgs(['--data-dir', 'some/dir', '--port', '8123', '--sandbox', '--memory-keychain']);
    expect(parsed).toMatchObject({ dataDir: resolve('some/dir'), port: 8123, sandbox: true, memoryKeychain: true, help: false });
  });

  it('takes a value joined to its flag', () => {
    expect(parseWebArgs(['--port=8124', '--data-dir=other']).port).toBe(8124);
    expect(parseWebArgs(['--port=8124', '--data-dir=other']).dataDir).toBe(resolve('other'));
  });

  it('names the option that is wrong and what it allows', () => {
    const range = '--port must be a whole number from 0 to 65,535';
    expect(() => parseWebArgs(['--port', 'eighty'])).toThrow(new UsageError(`${range} (got "eighty")`));
    expect(() => parseWebArgs(['--port', ''])).toThrow(new UsageError(`${range} (got "")`));
    expect(() => parseWebArgs(['--port='])).toThrow(new UsageError(`${range} (got "")`));
    expect(() => parseWebArgs(['--port', '65536'])).toThrow(new UsageError(`${range} (got "65536")`));
    expect(() => parseWebArgs(['--data-dir'])).toThrow(new UsageError("Option '--data-dir <value>' argument missing"));
    expect(() => parseWebArgs(['--port', '--sandbox'])).toThrow(/Option '--port' argument is ambiguous/);
    expect(() => parseWebArgs(['--sandbox=yes'])).toThrow(new UsageError("Option '--sandbox' does not take an argument"));
    expect(() => parseWebArgs(['--verbose'])).toThrow(new UsageError("Unknown option '--verbose'"));
    expect(() => parseWebArgs(['stray'])).toThrow(UsageError);
  });
});
