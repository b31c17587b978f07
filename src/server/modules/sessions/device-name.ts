import Bowser from 'bowser';

/** A session's browser and system in words, from its User-Agent: "Chrome 142 on Linux". */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
    : undefined;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
