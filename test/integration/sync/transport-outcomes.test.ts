// The transport types every way a write can end, over real HTTP: the sandbox's gateway pages and
// rate limit, and a local server for answers the sandbox never gives (an unreadable 2xx, a bare 429).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, GatewayError, RateLimitedError, ServiceError, UnexpectedResponseError, writeOutcomeOfError } from '../../../shared/api';
import { clientFor, sandbox } from './helpers';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server on 127.0.0.1 that answers every request with `status`, `body` and `headers`. */
async function answering(status: number, body: string, headers: Record<string, string> = {}): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const item = [{ code: 'T-1', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5, effect: 'APPLY_TO_ORDER' } }];

describe('write outcomes over real HTTP', () => {
  it('types a gateway page or an empty 5xx after a carried-out write as uncertain, the service error object not', async () => {
    const sb = await sandbox();
    const client = clientFor(sb);
    for (const body of ['html', 'empty'] as const) {
      sb.setFaults({ gatewayNext: { count: 1, status: 502, body, method: 'POST', path: '/v1/vouchers/import' } });
      const error = await rejection(client.importVouchers({ serialized: JSON.stringify(item) }));
      expect(error).toBeInstanceOf(GatewayError);
      expect(writeOutcomeOfError(error)).toBe('uncertain');
    }
    sb.setFaults({ rateLimitNext: { count: 1, retryAfterSeconds: 1, method: 'POST', path: '/v1/vouchers/import' } });
    const limited = await rejection(client.importVouchers({ serialized: JSON.stringify(item) }));
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(writeOutcomeOfError(limited)).toBe('not-carried-out');
    const refused = await rejection(client.addVoucherToCampaign('no-such-campaign', 'T-2'));
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).not.toBeInstanceOf(GatewayError);
    expect(writeOutcomeOfError(refused)).toBe('not-carried-out');
  });

  it('types an unreadable 2xx and a 429 without rate headers as uncertain', async () => {
    const unreadable = createClient({ target: { sandbox: await answering(202, '<html>ok</html>') }, auth: { type: 'keys', appId: 'a', appToken: 't' } });
    const error = await rejection(unreadable.importVouchers({ serialized: JSON.stringify(item) }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(writeOutcomeOfError(error)).toBe('uncertain');

    const empty = createClient({ target: { sandbox: await answering(200, '') }, auth: { type: 'keys', appId: 'a', appToken: 't' } });
    expect(writeOutcomeOfError(await rejection(empty.importVouchers({ serialized: JSON.stringify(item) })))).toBe('uncertain');

    const bare = createClient({ target: { sandbox: await answering(429, 'Too Many Requests') }, auth: { type: 'keys', appId: 'a', appToken: 't' } });
    const limited = await rejection(bare.importVouchers({ serialized: JSON.stringify(item) }));
    expect(limited).toMatchObject({ status: 429, fromService: false });
    expect(writeOutcomeOfError(limited)).toBe('uncertain');
  });
});
