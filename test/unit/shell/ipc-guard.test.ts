import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createIpcGuard, type InvokeHandlers } from '../../../electron/host/ipc-guard';
import { createServices } from '../../../electron/host/services';
import { isAppUrl, resolveAppLocation } from '../../../electron/window/app-location';

const location = resolveAppLocation({ mainDir: path.resolve('/opt/vd/app/dist/main'), isPackaged: true });
const appPage = pathToFileURL(path.join(location.rendererDir, 'index.html')).href;
const appInfo = { name: 'voucher-desk', version: '1.2.3' };

interface FrameSender {
  url: string | undefined;
}

function guardWith(handlers: InvokeHandlers) {
  const reports: string[] = [];
  const guard = createIpcGuard<FrameSender>({
    handlers,
    isTrustedSender: (sender) => isAppUrl(sender.url, location),
    describeSender: (sender) => sender.url ?? 'a frame that is gone',
    report: (channel, message) => reports.push(`${channel}: ${message}`),
  });
  return { guard, reports };
}

function servicesHandlers(): InvokeHandlers {
  return createServices({ dataDir: '/tmp/unused', appInfo, send: () => undefined }).handlers;
}

describe('IPC guard', () => {
  it("answers the app's own page with the handler's value", async () => {
    const { guard } = guardWith(servicesHandlers());
    expect(await guard.handle('app.info', { url: appPage }, {})).toEqual({ ok: true, value: appInfo });
  });

  it('refuses a foreign origin before any handler runs', async () => {
    let calls = 0;
    const { guard, reports } = guardWith({ 'app.info': () => (calls++, appInfo) });
    const result = await guard.handle('app.info', { url: 'https://evil.example/page' }, {});
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden_sender', channel: 'app.info' } });
    expect(result.ok === false && result.error.message).toContain('https://evil.example/page');
    expect(calls).toBe(0);
    expect(reports).toHaveLength(1);
  });

  it('refuses a file URL outside the app folder and a frame that is gone', async () => {
    const { guard } = guardWith(servicesHandlers());
    const outside = pathToFileURL('/home/user/Downloads/invoice.html').href;
    expect(await guard.handle('app.info', { url: outside }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(await guard.handle('app.info', { url: undefined }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender', message: expect.stringContaining('a frame that is gone') },
    });
  });

  it('refuses a payload that breaks the schema, naming the field', async () => {
    const { guard } = guardWith(servicesHandlers());
    const result = await guard.handle('app.info', { url: appPage }, { sneaky: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_request');
    expect(result.error.message).toMatch(/^Invalid request for app\.info: .*sneaky/);
    expect(result.error.issues?.[0]?.message).toContain('sneaky');
  });

  it('names the nested path of a bad field', async () => {
    const { guard } = guardWith(servicesHandlers());
    const result = await guard.handle('app.info', { url: appPage }, 'not an object');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: '' }] } });
    expect(result.ok === false && result.error.message).toContain('(payload)');
  });

  it('refuses unknown channels and channels no service handles yet', async () => {
    const { guard } = guardWith({});
    expect(await guard.handle('fs.readFile', { url: appPage }, {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel', message: 'Unknown channel "fs.readFile".' },
    });
    expect(await guard.handle('update.check', { url: appPage }, {})).toMatchObject({
      ok: false,
      error: { code: 'not_available', message: 'update.check is not available in this build.' },
    });
  });

  it("passes a handler's error message on, as a failed answer", async () => {
    const { guard } = guardWith({
      'app.info': () => {
        throw new Error('The library database is locked by another process');
      },
    });
    expect(await guard.handle('app.info', { url: appPage }, {})).toEqual({
      ok: false,
      error: { code: 'failed', channel: 'app.info', message: 'The library database is locked by another process' },
    });
  });

  it('strips fields the contract does not name from the answer', async () => {
    const leaky = { ...appInfo, apiToken: 'secret-token' };
    const { guard } = guardWith({ 'app.info': async () => leaky });
    const result = await guard.handle('app.info', { url: appPage }, {});
    expect(result).toEqual({ ok: true, value: appInfo });
    expect(JSON.stringify(result)).not.toContain('secret-token');
  });

  it('refuses to pass on an answer outside the contract and reports it', async () => {
    const { guard, reports } = guardWith({ 'app.info': () => ({ name: 'x' }) as never });
    expect(await guard.handle('app.info', { url: appPage }, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_response' },
    });
    expect(reports.join('\n')).toContain('version');
  });
});
