/**
 * The slice of the `ws` client the live tests use. The server's @fastify/websocket brings `ws`
 * without type declarations, and @types/ws is not worth a dependency for a test client.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  export default class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    constructor(url: string, options?: { autoPong?: boolean; maxPayload?: number });
    readonly readyState: number;
    send(data: string | Buffer): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
  }
}
