// Names only, so the preload can list them without bundling the schemas (see settings.ts).
export const settingsChannels = ['settings.get', 'settings.setAuth', 'settings.testConnection'] as const;

export type SettingsChannel = (typeof settingsChannels)[number];
