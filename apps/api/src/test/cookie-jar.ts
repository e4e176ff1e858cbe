/**
 * The cookies one test "browser" holds. The REST client, the tRPC clients (HTTP and WebSocket), the
 * /ws sockets and the benchmarks all read and fill the same jar, so a login through one acts for all.
 */
export class CookieJar extends Map<string, string> {
  /** The `Cookie` request header: every cookie held, as a browser would send them. */
  header(): string {
    return [...this].map(([key, value]) => `${key}=${value}`).join('; ');
  }

  /** Keeps what a response sets; a cookie set empty or already expired (a logout) leaves the jar. */
  store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const key = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => /^\s*(expires=thu, 01 jan 1970|max-age=0\s*$)/i.test(attribute));
      if (value === '' || expired) this.delete(key);
      else this.set(key, value);
    }
  }
}
