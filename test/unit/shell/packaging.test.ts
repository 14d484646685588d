import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const configPath = path.resolve('build/electron-builder.yml');

interface BuilderConfig {
  appId: string;
  productName: string;
  /** Normalised by electron-builder into file sets. */
  files: { filter: string[] }[];
  asarUnpack: string[];
  publish?: { provider: string; url: string }[] | null;
  linux: { target: string[]; icon: string };
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string; icon: string };
  win: { target: string[]; icon: string };
}

// electron-builder's own loader and schema check (no Electron download involved).
const requireCjs = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = requireCjs('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
};
const { DebugLogger } = requireCjs('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

let config: BuilderConfig;

beforeAll(async () => {
  config = await getConfig(process.cwd(), configPath, null);
  // Throws with the offending key when the file does not match electron-builder's schema.
  await validateConfiguration(config, new DebugLogger(false));
});

function pngSize(file: string): { width: number; height: number; pixels: Buffer } {
  const data = readFileSync(file);
  expect(data.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), pixels: inflateSync(Buffer.concat(idat)) };
}

describe('electron-builder configuration', () => {
  it("passes electron-builder's own schema", () => {
    expect(config.appId).toBe('com.voucherdesk.app');
    expect(config.productName).toBe('Voucher Desk');
  });

  it('builds AppImage and deb, dmg (+zip for updates) with hardened runtime, and nsis', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('packs the built bundles and the manifest, and unpacks the files loaded from disk', () => {
    expect(config.files.flatMap((set) => set.filter)).toEqual(['dist/main/**', 'dist/renderer/**', 'package.json']);
    expect(config.asarUnpack).toEqual([
      'node_modules/keytar/build/Release/*.node',
      'node_modules/sql.js/dist/sql-wasm.wasm',
      // A worker thread cannot start from inside the asar archive.
      'dist/main/csv-parse-worker.mjs',
    ]);
    expect(readdirSync('node_modules/keytar/build/Release').some((f) => f.endsWith('.node'))).toBe(true);
    expect(existsSync('node_modules/sql.js/dist/sql-wasm.wasm')).toBe(true);
  });

  it('names no update feed until a real one is set, so the installed app never checks a made-up address', () => {
    expect(config.publish ?? null).toBeNull();
    expect(readFileSync(configPath, 'utf8')).not.toMatch(/\.invalid\/|placeholder/i);
  });

  it("runs every npm script on Windows' shell too: Node tools joined by &&, no POSIX builtins", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const tools = new Set(['node', 'npm', 'git', 'vite', 'tsc', 'svelte-check', 'electron', 'electron-builder', 'tsx', 'eslint', 'prettier']);
    const strays = Object.entries(pkg.scripts).flatMap(([name, script]) =>
      script
        .split('&&')
        .map((command) => command.trim())
        .filter((command) => !tools.has(command.split(/\s+/)[0] ?? '') || /[;|<>`$]|\|\|/.test(command))
        .map((command) => `${name}: ${command}`),
    );
    expect(strays).toEqual([]);
  });

  it('grants macOS only the entitlements Electron needs for its JIT', () => {
    expect(config.mac.entitlements).toBe(config.mac.entitlementsInherit);
    const plist = readFileSync(config.mac.entitlements, 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1]);
    expect(keys).toEqual(['com.apple.security.cs.allow-jit', 'com.apple.security.cs.allow-unsigned-executable-memory']);
  });

  it('has a 512x512 PNG icon for every platform', () => {
    const icon = path.join(config.linux.icon, '512x512.png');
    expect(config.mac.icon).toBe(icon);
    expect(config.win.icon).toBe(icon);
    const { width, height, pixels } = pngSize(icon);
    expect({ width, height }).toEqual({ width: 512, height: 512 });
    // One filter byte plus 4 bytes (RGBA) per pixel on each row.
    expect(pixels.length).toBe(512 * (1 + 512 * 4));
  });
});
