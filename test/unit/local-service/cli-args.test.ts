import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/command-line/flags';
import { parseSandboxArgs } from '../../../electron/local-service/cli-args';

/** The error parseSandboxArgs throws for `argv`. */
function refusal(argv: string[]): unknown {
  try {
    parseSandboxArgs(argv);
  } catch (error) {
    return error;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('sandbox arguments', () => {
  it('reads --port=N, a repeated --project and one --sandbox-project', () => {
    const { options } = parseSandboxArgs(['--port=8080', '--project', 'shop:a:b', '--project', 'outlet:c:d', '--sandbox-project', 'trial:e:f']);
    expect(options.port).toBe(8080);
    expect(options.projects?.map((p) => p.name)).toEqual(['shop', 'outlet', 'trial']);
  });

  it('refuses a flag with the UsageError and the words of the web host and voucher-desk', () => {
    const cases: [string[], string][] = [
      [['--colour'], "Unknown option '--colour'"],
      [['--port'], "Option '--port <value>' argument missing"],
      [['--help=yes'], "Option '-h, --help' does not take an argument"],
      [['--port', ''], '--port must be a whole number from 0 to 65,533 (got "")'],
      [['--port=65534'], '--port must be a whole number from 0 to 65,533 (got "65534")'],
      [['--seed-publications=-5'], '--seed-publications must be a whole number from 0 to 1,000,000 (got "-5")'],
      [['--cluster', 'eu'], '--cluster must be one of api, us1.api, as1.api (got "eu")'],
      [['--rate-limit', 'fast'], '--rate-limit must look like 100/min or 100/hour (got "fast")'],
      [['--sandbox-project', 't1:a:b', '--sandbox-project', 't2:c:d'], '--sandbox-project may be given once: an account has one sandbox project.'],
    ];
    for (const [argv, message] of cases) {
      const error = refusal(argv);
      expect(error, argv.join(' ')).toBeInstanceOf(UsageError);
      expect((error as Error).message, argv.join(' ')).toBe(message);
    }
    expect(refusal(['stray'])).toBeInstanceOf(UsageError);
  });
});
