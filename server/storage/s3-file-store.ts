/**
 * The file store in an S3-compatible bucket (Amazon S3, MinIO and the like), chosen when all of
 * `S3_*` are set (server/config.ts, docs/decisions/033-s3-compatible-storage.md).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '#server/config';
import { isStorageKey, missingFileError } from './file-store.ts';
import type { FileStore, StoredKey, StoredStream } from './file-store.ts';

export interface S3FileStoreOptions {
  /** Keys asked for per ListObjectsV2 page, 1 to 1000 (default 1000, S3's most). */
  listPageSize?: number;
  /**
   * Bytes per part of a multipart upload (default 5 MiB, S3's least); a smaller body is sent in
   * one PutObject.
   */
  partSizeBytes?: number;
  /** Longest wait for a connection to the store, ms (default 10 000). */
  connectionTimeoutMs?: number;
  /** Longest silence on an open connection, ms, before it is dropped (default 60 000). */
  idleTimeoutMs?: number;
}

/** Thrown at start when the bucket cannot be used; the message says what to check. */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** Whether the store answered that the object is not there (not: that the bucket is not). */
function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    error.name !== 'NoSuchBucket'
  );
}

/** Why HeadBucket failed, in words a person setting S3_* can act on. */
function headBucketProblem(error: unknown, settings: S3Settings): string {
  if (error instanceof S3ServiceException) {
    switch (error.$metadata.httpStatusCode) {
      case 404:
        return `there is no bucket "${settings.bucket}" there (create it, or check S3_BUCKET)`;
      case 400:
      case 401:
      case 403:
        return 'the store refused the access keys (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION, and that the account may use the bucket)';
      case 301:
        return `the bucket is in another region than "${settings.region}" (check S3_REGION)`;
      default:
        return `the store answered ${error.$metadata.httpStatusCode ?? '?'} ${error.name}`;
    }
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'the store did not answer in time';
  return `the store could not be reached (${code ?? name ?? String(error)}; check S3_ENDPOINT)`;
}

/**
 * Files as objects in one bucket, addressed by path (`forcePathStyle`, as MinIO and most
 * S3-compatible stores expect), under the server's keys ("organization/uuid"). A put goes
 * through lib-storage's Upload: one PutObject, or a multipart upload for a body larger than a
 * part, aborted when it fails. A key that is not stored gives the ENOENT-coded error of
 * {@link missingFileError}, as the local folder does.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly listPageSize: number;
  private readonly partSizeBytes: number;

  /**
   * @param settings - the bucket and how to reach it (`S3_*`)
   * @throws RangeError for a page size outside 1..1000 or a part size below 5 MiB
   */
  constructor(
    private readonly settings: S3Settings,
    options: S3FileStoreOptions = {},
  ) {
    this.listPageSize = options.listPageSize ?? 1000;
    this.partSizeBytes = options.partSizeBytes ?? 5 * 1024 * 1024;
    if (!(this.listPageSize >= 1 && this.listPageSize <= 1000))
      throw new RangeError(`listPageSize must be from 1 to 1000, not ${this.listPageSize}`);
    if (!(this.partSizeBytes >= 5 * 1024 * 1024))
      throw new RangeError(`partSizeBytes must be at least 5 MiB, not ${this.partSizeBytes}`);
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      // Given here, so the SDK never looks for credentials in the environment or profile files.
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // The SDK's default CRC checksums on every request are refused by some S3-compatible
      // stores; checksums are sent where the operation requires them (decision 033).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: options.connectionTimeoutMs ?? 10_000,
        socketTimeout: options.idleTimeoutMs ?? 60_000,
      },
    });
  }

  private checked(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return key;
  }

  /**
   * Make sure the bucket is there and the keys may use it (HeadBucket), for the start.
   * @param timeoutMs - longest wait for the answer, retries included, ms (default 15 000)
   * @throws StorageUnavailableError saying which setting to check
   */
  async checkBucket(timeoutMs = 15_000): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new StorageUnavailableError(
        `The S3 bucket "${this.settings.bucket}" at ${this.settings.endpoint} cannot be used: ${headBucketProblem(error, this.settings)}.`,
        { cause: error },
      );
    }
  }

  /** @throws the SDK's error when the object cannot be written (a multipart upload is aborted) */
  async put(key: string, bytes: Buffer): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.checked(key),
        Body: bytes,
        ContentLength: bytes.length,
      },
      partSize: this.partSizeBytes,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /** @throws ENOENT-coded errors for a key that is not stored; the SDK's others */
  async get(key: string): Promise<Buffer> {
    const { stream } = await this.getStream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * The object's body as it arrives from the store (GetObject), with its ContentLength.
   * @throws ENOENT-coded errors for a key that is not stored; the SDK's others
   */
  async getStream(key: string): Promise<StoredStream> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }),
      );
      if (!(object.Body instanceof Readable))
        throw new Error(`the store sent no readable body for ${key}`);
      return { stream: object.Body, sizeBytes: object.ContentLength };
    } catch (error) {
      if (isMissingObject(error)) throw missingFileError(key, error);
      throw error;
    }
  }

  /** DeleteObject; S3 answers a key that is not stored as a success too. */
  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.checked(key) }),
    );
  }

  /**
   * Every object with a key of the server's shape and its LastModified, page by page
   * (ListObjectsV2 with continuation tokens); other objects in the bucket are skipped.
   */
  async *list(): AsyncIterable<StoredKey> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.settings.bucket },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && isStorageKey(object.Key))
          yield { key: object.Key, modifiedAt: object.LastModified };
      }
    }
  }

  /** Close the connections to the store; the store is not used afterwards. */
  close(): void {
    this.client.destroy();
  }
}
