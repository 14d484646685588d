import { z } from 'zod';
import { projectViewSchema } from './projects';
import type { SettingsChannel } from './settings-channels';

// How the app signs in and where it keeps its data; the projects it works in are in projects.ts.

export const AUTH_MODES = ['keys', 'oauth'] as const;

export const settingsViewSchema = z.object({
  /** The current project, or null when none is chosen yet. */
  project: projectViewSchema.nullable(),
  auth: z.enum(AUTH_MODES),
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
  'settings.setAuth': { request: z.object({ auth: z.enum(AUTH_MODES) }).strict(), ...settings },
  'settings.testConnection': { request: noRequest, response: connectionResultSchema },
} as const satisfies Record<SettingsChannel, { request: z.ZodType; response: z.ZodType }>;

export type SettingsView = z.output<typeof settingsViewSchema>;
export type AuthMode = (typeof AUTH_MODES)[number];
