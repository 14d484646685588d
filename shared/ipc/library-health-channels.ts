// Names only, so the preload can list them without bundling the schemas (see library-health.ts).
export const libraryHealthChannels = ['libraryHealth.get', 'libraryHealth.restore', 'libraryHealth.startFresh'] as const;

export type LibraryHealthChannel = (typeof libraryHealthChannels)[number];
