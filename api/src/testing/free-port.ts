import net from 'node:net';

/** A loopback TCP port that was free a moment ago (for a child process that must listen on a known port). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}
