import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sniffContentType } from './files';
import { ApiError, type FailureSpec } from './params';

/** The fake's HTTP plumbing: Bot API answers, file downloads, listening and closing. */

export interface Outcome {
  status: number;
  body: { ok: true; result: unknown } | ({ ok: false } & FailureSpec);
}

export function toOutcome(err: unknown): Outcome {
  if (err instanceof ApiError) {
    const { errorCode, description, parameters } = err;
    return { status: errorCode, body: { ok: false, error_code: errorCode, description, ...(parameters ? { parameters } : {}) } };
  }
  const description = `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`;
  return { status: 500, body: { ok: false, error_code: 500, description } };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

export function sendError(res: ServerResponse, err: ApiError): void {
  const { status, body } = toOutcome(err);
  sendJson(res, status, body);
}

export function sendFile(res: ServerResponse, bytes: Buffer): void {
  res.writeHead(200, { 'content-type': sniffContentType(bytes), 'content-length': bytes.length });
  res.end(bytes);
}

/** Listens and returns the base URL clients should use. */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${address.port}`;
}

export async function closeServer(server: Server): Promise<void> {
  // One turn of the event loop lets the just-finished polls write their answers.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // grammY keeps sockets alive; without this close() would wait for them to time out.
    server.closeAllConnections();
  });
}
