/** Query parameters that carry secrets: reset links (?token=) and, later, the WebSocket's ?tick=<session token>. */
const SECRET_PARAMS = /([?&](?:token|tick|mytoken|password)=)[^&#]*/gi;

/** The URL as it may appear in a log line. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

interface LoggableRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/** Fastify's default request serializer, with secrets in the query string blanked out. */
export function serializeRequest(req: LoggableRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
