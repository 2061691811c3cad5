// A stand-in for the Hugging Face hub in tests: serves model folders over
// HTTP in the hub's URL layout (<owner>/<name>/resolve/<revision>/<file>),
// with Content-Length so download progress can be reported.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';

export interface LocalHub {
  /** e.g. http://127.0.0.1:PORT/ — what env.remoteHost is set to. */
  url: string;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

/** repos: repo id ("owner/name") → folder on disk. */
export async function startLocalHub(repos: Record<string, string>): Promise<LocalHub> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    const m = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(path);
    const dir = m ? repos[m[1]] : undefined;
    const file = dir ? normalize(join(dir, m![2])) : '';
    if (!dir || !file.startsWith(normalize(dir)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    res.writeHead(200, { 'content-length': String(statSync(file).size), 'content-type': 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
