/** pdf.js's worker module (no declarations of its own): its message handler is all we use. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
