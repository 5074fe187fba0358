/**
 * How a WebSocket carries initData: never in the URL (proxy logs keep URLs), but in the subprotocol list of the
 * upgrade: `Sec-WebSocket-Protocol: tma, tma.<base64url(initData)>`. The server answers with the plain `tma`
 * (a browser fails a socket whose server picks none of its protocols), so the credential is never echoed.
 */
export const SOCKET_PROTOCOL = 'tma';
const CREDENTIAL_PREFIX = `${SOCKET_PROTOCOL}.`;

// Subprotocols must be HTTP tokens: initData's '=' is not one, base64url has none of the forbidden characters.
function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The protocols a client offers to open a socket as the holder of `initData`. */
export function socketProtocols(initData: string): string[] {
  return [SOCKET_PROTOCOL, CREDENTIAL_PREFIX + toBase64Url(initData)];
}

/** initData from a `Sec-WebSocket-Protocol` header (undefined when absent or unreadable). */
export function initDataFromProtocols(header: string | undefined): string | undefined {
  for (const offered of (header ?? '').split(',')) {
    const protocol = offered.trim();
    if (protocol.startsWith(CREDENTIAL_PREFIX)) {
      try {
        return fromBase64Url(protocol.slice(CREDENTIAL_PREFIX.length)) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Close codes the server uses on purpose; the mini app reacts to each (webapp/lib/realtime). */
export const SOCKET_CLOSE = {
  accountDeleted: 4001,
  banned: 4003,
  /** The socket's initData reached auth_date + INIT_DATA_MAX_AGE_S: reconnect with fresh launch data, if any. */
  sessionExpired: 4401,
  /** The user already holds the most sockets one process accepts; this newest one is refused. */
  tooManySockets: 4429,
} as const;
