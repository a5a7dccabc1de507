/**
 * Whether a browser subscription's endpoint is HTTPS on one of the push services Encore sends to
 * (PUSH_SERVICE_HOSTS). Checked when a fan subscribes and again before each push, so rows saved
 * before the list changed are never sent to. A pattern `*.example.com` matches the subdomains of
 * example.com, not example.com itself; any other pattern matches exactly that host.
 */
export function isKnownPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return isKnownPushServiceUrl(url, hosts);
}

/** isKnownPushService for an endpoint already parsed (the sender parses each once). */
export function isKnownPushServiceUrl(url: URL, hosts: readonly string[]): boolean {
  // Browsers never put credentials in an endpoint; one that has them was not made by a browser.
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  // URL lower-cases the host, turns IDNs into punycode and odd IPv4 spellings (0x7f.1) into
  // dotted quads, so a plain comparison is enough.
  const host = unbracketed(url.hostname);
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : unbracketed(pattern) === host,
  );
}

const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
