import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../shared/ipc/update-status';
import { updateStatusSchema } from '../../../shared/ipc/update-status';
import { initialUpdateStatus, updateFeedOf } from '../../../electron/update/availability';
import { createUpdateController } from '../../../electron/update/controller';
import { nextUpdate, type UpdateEvent } from '../../../electron/update/machine';
import { createSyncGate } from '../../../electron/update/sync-gate';

function run(start: UpdateStatus, events: UpdateEvent[]) {
  let status = start;
  const effects: string[] = [];
  for (const event of events) {
    const t = nextUpdate(status, event);
    status = t.status;
    effects.push(...t.effects);
  }
  return { status, effects };
}

describe('updater decisions', () => {
  it('goes idle -> checking -> available and downloads nothing on its own', () => {
    const { status, effects } = run({ phase: 'idle' }, [{ type: 'check' }, { type: 'found', version: '1.4.0' }]);
    expect(status).toEqual({ phase: 'available', version: '1.4.0' });
    expect(effects).toEqual(['check']);
  });

  it('downloads only after consent, then installs only after consent', () => {
    const available: UpdateStatus = { phase: 'available', version: '1.4.0' };
    const downloading = nextUpdate(available, { type: 'download' });
    expect(downloading).toEqual({ status: { phase: 'downloading', version: '1.4.0', percent: 0 }, effects: ['download'] });
    const { status, effects } = run(downloading.status, [{ type: 'progress', percent: 42.5 }, { type: 'downloaded' }]);
    expect(status).toEqual({ phase: 'downloaded', version: '1.4.0' });
    expect(effects).toEqual([]);
    expect(nextUpdate(status, { type: 'install', syncBusy: false })).toEqual({
      status: { phase: 'installing', version: '1.4.0' },
      effects: ['install'],
    });
  });

  it('defers the install while a sync runs and starts it when the sync is idle', () => {
    const downloaded: UpdateStatus = { phase: 'downloaded', version: '1.4.0' };
    const deferred = nextUpdate(downloaded, { type: 'install', syncBusy: true });
    expect(deferred).toEqual({ status: { phase: 'waiting-for-sync', version: '1.4.0' }, effects: [] });
    expect(nextUpdate(deferred.status, { type: 'install', syncBusy: true }).effects).toEqual([]);
    expect(nextUpdate(deferred.status, { type: 'sync-idle' })).toEqual({
      status: { phase: 'installing', version: '1.4.0' },
      effects: ['install'],
    });
  });

  it('ignores a sync becoming idle when nobody is waiting to install', () => {
    for (const status of [{ phase: 'idle' }, { phase: 'downloaded', version: '2.0.0' }, { phase: 'available', version: '2.0.0' }] satisfies UpdateStatus[]) {
      expect(nextUpdate(status, { type: 'sync-idle' })).toEqual({ status, effects: [] });
    }
  });

  it('refuses consent that does not fit the phase, saying why', () => {
    expect(nextUpdate({ phase: 'up-to-date', checkedAt: 5 }, { type: 'download' }).refusal).toBe('No update to download: the app is up to date.');
    expect(nextUpdate({ phase: 'available', version: '1.4.0' }, { type: 'install', syncBusy: false }).refusal).toBe(
      'No downloaded update to install: version 1.4.0 is available.',
    );
    const disabled: UpdateStatus = { phase: 'disabled', reason: 'updates are checked only in the installed app' };
    expect(nextUpdate(disabled, { type: 'check' })).toEqual({
      status: disabled,
      effects: [],
      refusal: 'Cannot check for updates: updates are off (updates are checked only in the installed app).',
    });
  });

  it('does not start a second check or download while one runs', () => {
    expect(nextUpdate({ phase: 'checking' }, { type: 'check' }).effects).toEqual([]);
    const downloading: UpdateStatus = { phase: 'downloading', version: '1.4.0', percent: 10 };
    expect(nextUpdate(downloading, { type: 'download' })).toEqual({ status: downloading, effects: [] });
    expect(nextUpdate(downloading, { type: 'check' })).toEqual({ status: downloading, effects: [] });
  });

  it('records failures with the step that failed, and a new check recovers', () => {
    expect(nextUpdate({ phase: 'checking' }, { type: 'failed', message: 'net::ERR_NAME_NOT_RESOLVED' }).status).toEqual({
      phase: 'error',
      during: 'check',
      message: 'net::ERR_NAME_NOT_RESOLVED',
    });
    const failedDownload = nextUpdate({ phase: 'downloading', version: '1.4.0', percent: 80 }, { type: 'failed', message: 'sha512 checksum mismatch' });
    expect(failedDownload.status).toMatchObject({ phase: 'error', during: 'download' });
    expect(nextUpdate({ phase: 'installing', version: '1.4.0' }, { type: 'failed', message: 'x' }).status).toMatchObject({
      during: 'install',
    });
    expect(nextUpdate(failedDownload.status, { type: 'check' })).toEqual({ status: { phase: 'checking' }, effects: ['check'] });
  });

  it('reports up to date with the time of the check, and ignores stray results', () => {
    expect(nextUpdate({ phase: 'checking' }, { type: 'not-found', at: 1_700_000_000_000 }).status).toEqual({
      phase: 'up-to-date',
      checkedAt: 1_700_000_000_000,
    });
    const downloaded: UpdateStatus = { phase: 'downloaded', version: '1.4.0' };
    expect(nextUpdate(downloaded, { type: 'found', version: '9.9.9' }).status).toBe(downloaded);
    expect(nextUpdate(downloaded, { type: 'progress', percent: 5 }).status).toBe(downloaded);
  });

  it('keeps download progress within 0..100', () => {
    const downloading: UpdateStatus = { phase: 'downloading', version: '1.4.0', percent: 0 };
    expect(nextUpdate(downloading, { type: 'progress', percent: 100.0001 }).status).toMatchObject({ percent: 100 });
    expect(nextUpdate(downloading, { type: 'progress', percent: -1 }).status).toMatchObject({ percent: 0 });
  });

  it('only ever produces statuses the contract accepts', () => {
    const events: UpdateEvent[] = [
      { type: 'check' },
      { type: 'found', version: '1.4.0', releaseDate: '2026-11-20T10:00:00.000Z' },
      { type: 'download' },
      { type: 'progress', percent: 55 },
      { type: 'downloaded' },
      { type: 'install', syncBusy: true },
      { type: 'sync-idle' },
      { type: 'failed', message: 'installer exited with 2' },
    ];
    let status: UpdateStatus = { phase: 'idle' };
    for (const event of events) {
      status = nextUpdate(status, event).status;
      expect(updateStatusSchema.parse(status)).toEqual(status);
    }
  });
});

describe('updater availability', () => {
  // As electron-builder writes it beside app.asar from `publish` in build/electron-builder.yml.
  const genericFeed = 'provider: generic\nurl: https://updates.example.com/linux/x64\nchannel: latest\nupdaterCacheDirName: voucher-desk-updater\n';

  it('is off when unpackaged or turned off by the administrator', () => {
    expect(initialUpdateStatus({ isPackaged: false, env: {}, appUpdateYml: genericFeed }).phase).toBe('disabled');
    expect(initialUpdateStatus({ isPackaged: true, env: { VOUCHER_DESK_DISABLE_UPDATES: '1' }, appUpdateYml: genericFeed })).toEqual({
      phase: 'disabled',
      reason: 'turned off by VOUCHER_DESK_DISABLE_UPDATES',
    });
    expect(initialUpdateStatus({ isPackaged: true, env: { VOUCHER_DESK_DISABLE_UPDATES: '0' }, appUpdateYml: genericFeed })).toEqual({ phase: 'idle' });
  });

  it('is off, saying why, in an installed app whose build names no feed', () => {
    const off = { phase: 'disabled', reason: 'this build names no update feed (publish in build/electron-builder.yml)' };
    expect(initialUpdateStatus({ isPackaged: true, env: {}, appUpdateYml: undefined })).toEqual(off);
    expect(initialUpdateStatus({ isPackaged: true, env: {}, appUpdateYml: 'updaterCacheDirName: voucher-desk-updater\n' })).toEqual(off);
  });

  it("reads the feed from the build's app-update.yml: a URL, or a provider with its repository", () => {
    expect(updateFeedOf(genericFeed)).toBe('https://updates.example.com/linux/x64');
    expect(updateFeedOf('owner: acme\nrepo: voucher-desk\nprovider: github\n')).toBe('github acme/voucher-desk');
    expect(updateFeedOf('provider: "s3"\nbucket: b\n')).toBe('s3');
    expect(updateFeedOf(undefined)).toBeUndefined();
  });
});

describe('update controller', () => {
  it('tells the renderer about each change, once', () => {
    const seen: UpdateStatus[] = [];
    const controller = createUpdateController({ phase: 'idle' }, (status) => seen.push(status));
    expect(controller.dispatch({ type: 'check' }).effects).toEqual(['check']);
    controller.dispatch({ type: 'check' });
    controller.dispatch({ type: 'found', version: '1.4.0' });
    expect(seen).toEqual([{ phase: 'checking' }, { phase: 'available', version: '1.4.0' }]);
    expect(controller.status()).toEqual({ phase: 'available', version: '1.4.0' });
  });
});

describe('sync gate', () => {
  it('tells listeners when a running sync becomes idle, not on repeats', () => {
    const gate = createSyncGate();
    let idles = 0;
    const stop = gate.onIdle(() => idles++);
    gate.setBusy(false);
    expect(idles).toBe(0);
    gate.setBusy(true);
    expect(gate.isBusy()).toBe(true);
    gate.setBusy(false);
    gate.setBusy(false);
    expect(idles).toBe(1);
    stop();
    gate.setBusy(true);
    gate.setBusy(false);
    expect(idles).toBe(1);
  });
});
