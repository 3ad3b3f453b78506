/**
 * The OCR engine: one tesseract.js worker (Tesseract 5 LSTM compiled to WebAssembly, in a Node
 * worker thread), created on first use and shared by all reads, with jobs run one at a time.
 *
 * Fully offline: the worker script and the WebAssembly core are loaded from node_modules
 * (tesseract.js resolves `workerPath` next to its own sources and `require`s
 * tesseract.js-core), and the English LSTM model comes from the @tesseract.js-data/eng package
 * as a local path (a local path is read from disk, only a URL is fetched). `cacheMethod: 'none'`
 * keeps it from writing a model cache into the working directory.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { readerLimits } from '../reading.ts';

/** A rectangle in pixels of the image given to the engine: left, top, right, bottom (y down). */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One word as the engine read it; confidence 0..100 as Tesseract gives it. */
export interface OcrWord {
  text: string;
  confidence: number;
  box: OcrBox;
}

/** One text line (words on one baseline, as Tesseract groups them); confidence 0..100. */
export interface OcrLine {
  text: string;
  confidence: number;
  box: OcrBox;
  words: OcrWord[];
}

/**
 * How one job reads its image: the whole sheet as sparse text (the default), or one line of
 * text made only of the given characters (a re-read of a small crop).
 */
export interface RecognizeOptions {
  /** Read the image as a single text line (Tesseract's page segmentation mode 7). */
  singleLine?: boolean;
  /** Only these characters are recognized (Tesseract's tessedit_char_whitelist). */
  characters?: string;
}

/** The engine took too long on one image (readerLimits.timeLimitMs); the worker was restarted. */
export class OcrTimeoutError extends Error {
  override name = 'OcrTimeoutError';
}

/** Folder of the English LSTM model (eng.traineddata.gz, integer "best" model, Tesseract 4+). */
export function englishModelFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** The worker thread inside a tesseract.js worker (not in its type declarations). */
interface ThreadHandle {
  ref(): void;
  unref(): void;
}

function threadOf(worker: Worker): ThreadHandle | undefined {
  const thread: unknown = (worker as unknown as { worker?: unknown }).worker;
  if (thread && typeof thread === 'object' && 'ref' in thread && 'unref' in thread)
    return thread as ThreadHandle;
  return undefined;
}

/** Progress of the running job: the engine's own 0..1 for 'recognizing text'. */
let onJobProgress: ((fraction: number) => void) | undefined;
let workerPromise: Promise<Worker> | undefined;
/** Page segmentation modes of the loaded tesseract.js (PSM.SPARSE_TEXT, PSM.SINGLE_LINE). */
let segmentation: { sparse: string; singleLine: string } | undefined;
/** The started worker, once `workerPromise` has resolved. */
let startedWorker: Worker | undefined;
/** Tail of the job queue; never rejects. */
let queueTail: Promise<void> = Promise.resolve();

async function startWorker(): Promise<Worker> {
  // Loaded on the first OCR job, not when the server starts.
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: englishModelFolder(),
    gzip: true,
    cacheMethod: 'none',
    logger: (message) => {
      if (message.status === 'recognizing text') onJobProgress?.(message.progress);
    },
    // Without a handler tesseract.js throws failed jobs from its message listener (uncaught);
    // the job's own promise rejects either way.
    errorHandler: () => {},
  });
  // Sparse text: drawings have short labels scattered over the sheet, not paragraphs.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '200' });
  segmentation = { sparse: PSM.SPARSE_TEXT, singleLine: PSM.SINGLE_LINE };
  // An idle worker thread must not keep the process alive (scripts, tests that forget closeOcr).
  threadOf(worker)?.unref();
  startedWorker = worker;
  return worker;
}

function engine(): Promise<Worker> {
  workerPromise ??= startWorker().catch((error: unknown) => {
    workerPromise = undefined;
    throw error;
  });
  return workerPromise;
}

/**
 * Starts the engine now, in its worker thread, so that it is up when the first image is ready
 * (an image read prepares its image meanwhile). A start that fails is started again, and its
 * error thrown, by the next recognizeLines.
 */
export function warmOcrEngine(): void {
  engine().catch(() => undefined);
}

/**
 * Stops the worker. A worker still starting is dropped without waiting: tesseract.js never
 * settles the start when the model cannot be loaded.
 */
async function stopWorker(): Promise<void> {
  const worker = startedWorker;
  workerPromise = undefined;
  startedWorker = undefined;
  await worker?.terminate();
}

function lineOf(line: {
  text: string;
  confidence: number;
  bbox: OcrBox;
  words: { text: string; confidence: number; bbox: OcrBox }[];
}): OcrLine {
  return {
    text: line.text.trim(),
    confidence: line.confidence,
    box: { ...line.bbox },
    words: line.words.map((word) => ({
      text: word.text.trim(),
      confidence: word.confidence,
      box: { ...word.bbox },
    })),
  };
}

/**
 * Reads the text lines of one image (PNG/JPEG bytes), queued behind any other job.
 * @param image - encoded image; boxes come back in its pixels (y down)
 * @param onProgress - the engine's progress through this image, 0..1
 * @param limitMs - wall time for this job once it starts (engine start included); default
 *   readerLimits.timeLimitMs
 * @param options - a single line of given characters instead of the sheet's sparse text; the
 *   engine is set back to sparse text for the next job
 * @returns the lines in Tesseract's reading order, each with its words
 * @throws OcrTimeoutError when the limit passes (the worker is stopped and restarted on next use);
 *   Error when the engine cannot start or fails on the image
 */
export function recognizeLines(
  image: Buffer,
  onProgress?: (fraction: number) => void,
  limitMs: number = readerLimits.timeLimitMs,
  options: RecognizeOptions = {},
): Promise<OcrLine[]> {
  const job = async (): Promise<OcrLine[]> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new OcrTimeoutError(`text recognition stopped after ${limitMs} ms`));
      }, limitMs);
    });
    let thread: ThreadHandle | undefined;
    try {
      // Starting the engine counts toward the limit: a missing model makes the start hang.
      const worker = await Promise.race([engine(), timeout]);
      thread = threadOf(worker);
      onJobProgress = onProgress;
      thread?.ref();
      const special = options.singleLine === true || options.characters !== undefined;
      if (special && segmentation)
        await Promise.race([
          worker.setParameters({
            tessedit_pageseg_mode: (options.singleLine
              ? segmentation.singleLine
              : segmentation.sparse) as never,
            tessedit_char_whitelist: options.characters ?? '',
          }),
          timeout,
        ]);
      const result = await Promise.race([
        worker.recognize(image, {}, { blocks: true, text: false }),
        timeout,
      ]).catch(async (error: unknown) => {
        // A worker left in single-line mode is not given the next sheet: it starts again.
        if (special && !(error instanceof OcrTimeoutError)) await stopWorker();
        throw error;
      });
      if (special && segmentation)
        await Promise.race([
          worker.setParameters({
            tessedit_pageseg_mode: segmentation.sparse as never,
            tessedit_char_whitelist: '',
          }),
          timeout,
        ]);
      const lines: OcrLine[] = [];
      for (const block of result.data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines) lines.push(lineOf(line));
      return lines;
    } catch (error) {
      if (error instanceof OcrTimeoutError) await stopWorker();
      if (error instanceof Error) throw error;
      throw new Error(`text recognition failed: ${String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      onJobProgress = undefined;
      thread?.unref();
    }
  };
  const run = queueTail.then(job);
  queueTail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Waits for queued jobs, then stops the worker; the next job starts a new one. */
export async function closeOcrEngine(): Promise<void> {
  await queueTail;
  await stopWorker();
}
