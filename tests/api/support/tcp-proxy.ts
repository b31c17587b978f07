import net from 'node:net';

/**
 * A TCP proxy in front of the database that a test stops (connections refused, open ones cut),
 * makes hang (connections accepted, never answered) and restarts: the database going away, as
 * the app sees it, without touching the real server.
 */
export function startProxy(target: { host: string; port: number }) {
  let mode: 'up' | 'hang' = 'up';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'hang') return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      }),
    );
  const cutAll = () => sockets.forEach((socket) => socket.destroy());
  return {
    listen,
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    /** Refuses new connections and cuts the open ones: the database is down. */
    async stop() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** Accepts connections and never answers: the database is unreachable. */
    async hang() {
      mode = 'hang';
      cutAll();
      if (!server.listening) await listen();
    },
    async start() {
      mode = 'up';
      cutAll();
      if (!server.listening) await listen();
    },
    connections: () => sockets.size,
  };
}
