// Child process of quotes.bench.ts: the least any server can do for live quote subscribers on this
// machine. It answers every connection with an event-stream head and then, once a second, writes
// every connection the same frame of a given size (stamped with the tick's time), in one loop of
// plain socket writes: no HTTP framework, no subscriptions, no per-client frames. Its latencies
// are the floor under the real server's: the cost of the writes themselves.
import net from 'node:net';

const frameBytes = Number(process.argv[2]);
const sockets = new Set<net.Socket>();
const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.once('data', () => {
    socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n');
    sockets.add(socket);
  });
  socket.on('error', () => socket.destroy());
  socket.once('close', () => sockets.delete(socket));
});
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  process.send!({ port: (server.address() as net.AddressInfo).port });
});
setInterval(() => {
  const head = `data: [{"ts":"${new Date().toISOString()}","pad":"`;
  const frame = Buffer.from(`${head}${'x'.repeat(Math.max(0, frameBytes - head.length - 6))}"}]\n\n`);
  for (const socket of sockets) socket.write(frame);
}, 1000);
process.once('disconnect', () => process.exit(0));
