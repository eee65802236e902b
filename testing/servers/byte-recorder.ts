// "Another origin" for the Git tests: a loopback TCP server that records
// every byte it receives (a CORS preflight counts as much as a push), and a
// loopback HTTP server that answers everything with a redirect to it.
import http from 'node:http';
import net from 'node:net';
import { listenOnLoopback } from './listen';

export interface ByteRecorder {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything received, all connections joined, as latin1 text. */
  received(): string;
  /** How many connections were opened. */
  connections(): number;
  close(): Promise<void>;
}

/** Records whatever arrives and answers each connection with a bare 404. */
export async function startByteRecorder(): Promise<ByteRecorder> {
  const chunks: Buffer[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.on('data', (d) => {
      chunks.push(d);
      if (d.includes('\r\n\r\n')) socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
    socket.on('error', () => {});
  });
  const { origin, close } = await listenOnLoopback(server);
  return {
    url: origin,
    received: () => Buffer.concat(chunks).toString('latin1'),
    connections: () => connections,
    close,
  };
}

export interface Redirector {
  url: string;
  close(): Promise<void>;
}

/** Answers every request with `status` to the same path on `to`, with CORS so a page may see it. */
export async function startRedirector(to: string, status = 307): Promise<Redirector> {
  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Git-Protocol, User-Agent');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    req.resume();
    res.writeHead(status, { Location: `${to}${req.url ?? '/'}` }).end();
  });
  const { origin, close } = await listenOnLoopback(server);
  return { url: origin, close };
}
