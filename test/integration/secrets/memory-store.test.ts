import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';
import { maskToken, normalizeTarget } from '../../../electron/secrets/secret-store';

describe('in-memory secret store', () => {
  it('keeps one pair per normalized target and lists masked tokens', async () => {
    const store = new MemorySecretStore();
    await store.set('https://API.example.com/v1/', { appId: 'a', appToken: 'token-1234567890' });
    expect(await store.get('https://api.example.com/v1')).toEqual({ appId: 'a', appToken: 'token-1234567890' });
    expect(await store.list()).toEqual([{ target: 'https://api.example.com/v1', appId: 'a', maskedToken: '********7890' }]);
    expect(await store.delete('https://api.example.com/v1')).toBe(true);
    expect(await store.list()).toEqual([]);
  });

  it('normalizes regions and refuses other schemes', () => {
    expect(normalizeTarget(' US ')).toBe('us');
    expect(() => normalizeTarget('ftp://x')).toThrow(/http or https/);
    expect(maskToken('abc')).toBe('********');
  });
});
