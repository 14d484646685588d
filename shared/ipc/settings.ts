import { z } from 'zod';
import type { SettingsChannel } from './settings-channels';

// Where the app sends its work and how it signs in. The renderer sends a key pair once, when the
// user enters it; nothing ever comes back but the app id and a masked token.

export const AUTH_MODES = ['keys', 'oauth'] as const;

export const settingsViewSchema = z.object({
  /** `eu`, `us`, `as`, or the base URL of a dedicated cluster or of the local sandbox. */
  target: z.string(),
  targetKind: z.enum(['region', 'dedicated', 'sandbox']),
  targetLabel: z.string(),
  auth: z.enum(AUTH_MODES),
  key: z.object({ appId: z.string(), maskedToken: z.string() }).nullable(),
  dataDir: z.string(),
  keychain: z.string(),
});

const connectionResultSchema = z.object({
  target: z.string(),
  message: z.string(),
  /** OAuth: when the token just minted expires (ms since epoch). */
  tokenExpiresAt: z.number().nullable(),
});

const noRequest = z.object({}).strict();
const settings = { response: settingsViewSchema };

export const settingsContract = {
  'settings.get': { request: noRequest, ...settings },
  'settings.setTarget': { request: z.object({ target: z.string().min(1).max(2000) }).strict(), ...settings },
  'settings.setAuth': { request: z.object({ auth: z.enum(AUTH_MODES) }).strict(), ...settings },
  'settings.saveKeys': {
    request: z.object({ appId: z.string().min(1).max(500), appToken: z.string().min(1).max(2000) }).strict(),
    ...settings,
  },
  'settings.deleteKeys': { request: noRequest, ...settings },
  'settings.testConnection': { request: noRequest, response: connectionResultSchema },
} as const satisfies Record<SettingsChannel, { request: z.ZodType; response: z.ZodType }>;

export type SettingsView = z.output<typeof settingsViewSchema>;
export type AuthMode = (typeof AUTH_MODES)[number];
