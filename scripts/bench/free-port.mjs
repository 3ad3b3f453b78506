// A free TCP port on loopback for a benchmark's own server.
import { createServer } from 'node:net';

/** @returns {Promise<number>} a port nothing listens on now */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
