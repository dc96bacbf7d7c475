// What a person reads of a browser: its name and its system, from the User-Agent (bowser, MIT).
// Only ever shown to the account's owner and in their alerts; never used to decide anything.
import Bowser from 'bowser';

/** A User-Agent is kept to this many characters: enough for any real one, no more for a made-up one. */
export const USER_AGENT_KEPT = 500;

export type DeviceDescription = { browser: string; system: string };

/** The User-Agent header as it is kept (cut, trimmed), or null when there is none. */
export function keptUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, USER_AGENT_KEPT) : null;
}

/** 'Chrome 131' and 'Windows 10', or 'Unknown browser' and 'Unknown system' when they cannot be told. */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: 'Unknown browser', system: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : '';
  return { browser, system: os || 'Unknown system' };
}

/** One line for an alert: 'Chrome 131 on Windows 10'. */
export function deviceLine(userAgent: string | null): string {
  const { browser, system } = describeDevice(userAgent);
  return `${browser} on ${system}`;
}
