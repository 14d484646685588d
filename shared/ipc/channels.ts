// Channel names on their own, so the preload can list them without bundling the schemas.
export const invokeChannels = ['app.info'] as const;

export type InvokeChannel = (typeof invokeChannels)[number];
