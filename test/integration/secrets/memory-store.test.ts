import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../electron/secrets/memory-store';
import { maskToken, projectAccount } from '../../../electron/secrets/secret-store';

describe('in-memory secret store', () => {
  it('keeps one pair per account and lists masked tokens', async () => {
    const store = new MemorySecretStore();
    await store.set(projectAccount('prj_1'), { appId: 'a', appToken: 'token-1234567890' });
    expect(await store.get('project:prj_1')).toEqual({ appId: 'a', appToken: 'token-1234567890' });
    expect(await store.get('project:prj_2')).toBeUndefined();
    expect(await store.list()).toEqual([{ account: 'project:prj_1', appId: 'a', maskedToken: '********7890' }]);
    expect(await store.delete('project:prj_1')).toBe(true);
    expect(await store.list()).toEqual([]);
  });

  it('refuses an empty token and hides short tokens whole', async () => {
    await expect(new MemorySecretStore().set('project:prj_1', { appId: 'a', appToken: '' })).rejects.toThrow(/app token is empty/);
    expect(maskToken('abc')).toBe('********');
  });
});
