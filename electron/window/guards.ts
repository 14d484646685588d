import { isAppUrl, type AppLocation } from './app-location';

export type Decision = 'allow' | 'deny';

/** will-navigate / will-redirect: only reloads and moves within the app's own pages. */
export function navigationDecision(url: string, location: AppLocation): Decision {
  return isAppUrl(url, location) ? 'allow' : 'deny';
}

/** The app has one window; window.open and target=_blank never open another. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/** will-attach-webview: the app embeds no other content. */
export function webviewDecision(): Decision {
  return 'deny';
}

/**
 * Camera, notifications, clipboard reads, geolocation...: the app needs none, so every permission
 * request and check is refused, whoever asks.
 */
export function permissionDecision(): Decision {
  return 'deny';
}
