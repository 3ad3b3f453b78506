// An S3 protocol peer (s3rver 3.7) on loopback for the integration tests, run by
// tests/helpers/s3-peer.ts in a process of its own started with --openssl-legacy-provider:
// s3rver makes ListObjectsV2 continuation tokens with DES, which Node 20's OpenSSL 3 refuses
// otherwise (a listing longer than one page then answers 500).
// Arguments: the data folder, the port (0 for a free one), the buckets to create.
// Tells the parent { port } once it listens, and stops when the parent disconnects.
import S3rver from 's3rver';

const [directory, port, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name })),
});
const address = await server.run();
process.send?.({ port: address.port });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
