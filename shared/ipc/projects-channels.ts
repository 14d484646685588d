// Names only, so the preload can list them without bundling the schemas (see projects.ts).
export const projectsChannels = ['projects.list', 'projects.add', 'projects.rename', 'projects.use', 'projects.saveKeys', 'projects.remove'] as const;

export type ProjectsChannel = (typeof projectsChannels)[number];
