// How every loopback test server starts and stops: on a port the system
// picks, and a close that ends the connections still open first, so a
// test's teardown never waits on a client (a browser, a hanging request)
// that keeps one alive.
import type http from 'node:http';
import type net from 'node:net';

export interface Listening {
  port: number;
  /** http://HOST:PORT, an IPv6 host in brackets. */
  origin: string;
  /** Ends every open connection, then stops listening. */
  close(): Promise<void>;
}

/** Starts `server` on `host` (loopback by default) on a free port. */
export async function listenOnLoopback(server: net.Server | http.Server, host = '127.0.0.1'): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
