import { describeTarget, type Target } from '../../shared/api';
import { normalizeTarget } from '../secrets/secret-store';

export interface SyncTarget {
  target: Target;
  /** The name its key pair is stored under in the keychain. */
  keyName: string;
  label: string;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `eu`, `us`, `as`, a dedicated cluster URL, or the local sandbox's URL. */
export function resolveSyncTarget(text: string): SyncTarget {
  const keyName = normalizeTarget(text);
  let target: Target;
  if (keyName === 'eu' || keyName === 'us' || keyName === 'as') target = { region: keyName };
  else target = LOCAL_HOSTS.has(new URL(keyName).hostname) ? { sandbox: keyName } : { dedicated: keyName };
  return { target, keyName, label: describeTarget(target) };
}
