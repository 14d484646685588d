// Names only, so the preload can list them without bundling the schemas (see settings.ts).
export const settingsChannels = [
  'settings.get',
  'settings.setTarget',
  'settings.setAuth',
  'settings.saveKeys',
  'settings.deleteKeys',
  'settings.testConnection',
] as const;

export type SettingsChannel = (typeof settingsChannels)[number];
