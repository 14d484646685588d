// One way to show a service timestamp: the reader's local date and time, with the exact ISO value
// kept for a tooltip (and for copying into a support request).

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface ShownTime {
  /** Local date and time, or the text as given when it is not a date. */
  local: string;
  /** The value as the service sent it. */
  iso: string;
}

export function shownTime(value: unknown): ShownTime | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return { local: Number.isNaN(ms) ? value : FORMAT.format(ms), iso: value };
}
