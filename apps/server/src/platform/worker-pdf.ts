/**
 * A long PDF drawn on a worker thread while it is read (record 061): the line sheet, the production
 * sheet. This thread reads the pages (and their pictures) and hands them over a MessagePort one at
 * a time, when the worker asks; the worker draws and sends the PDF's bytes back as pdfkit writes
 * them. The next page is handed over only while the reader is less than BEHIND_MAX_BYTES behind, so
 * memory stays bounded whatever the document's length.
 */
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { WorkerPool } from './workers.ts';

/** Drawing pauses while the reader is this far behind. */
const BEHIND_MAX_BYTES = 4 * 1024 * 1024;

/** What crosses the port: the worker asks for a page, this thread answers one (or the end); bytes come back. */
type ToWorker<P> = { type: 'page'; page: P } | { type: 'end' };
type FromWorker = { type: 'next' } | { type: 'bytes'; bytes: Uint8Array } | { type: 'done' };

/**
 * This thread's side: runs `task` with `input` and a port, and answers the PDF as a stream once
 * the worker has taken the task (a full pool throws Busy, 503, before any byte). A later failure is
 * told to `onError` and destroys the stream; a reader that goes away ends the pages.
 */
export async function pdfOnWorker<P>(
  workers: WorkerPool,
  task: string,
  input: object,
  pages: AsyncIterable<P>,
  onError: (err: unknown) => void,
): Promise<Readable> {
  const out = new PassThrough();
  const { port1, port2 } = new MessageChannel();
  const source = pages[Symbol.asyncIterator]();
  let started!: () => void;
  const taken = new Promise<void>((resolve) => {
    started = resolve;
  });
  const fail = (err: unknown) => {
    onError(err);
    port1.close();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  const nextPage = async (): Promise<ToWorker<P>> => {
    while (!out.destroyed && out.readableLength > BEHIND_MAX_BYTES) await sleep(10);
    const next = await source.next();
    if (next.done || out.destroyed) return { type: 'end' };
    return { type: 'page', page: next.value };
  };
  port1.on('message', (m: FromWorker) => {
    if (m.type === 'next') {
      started();
      nextPage().then((answer) => port1.postMessage(answer), fail);
    } else if (m.type === 'bytes') {
      if (!out.destroyed) out.write(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    } else {
      port1.close();
      if (!out.destroyed) out.end();
    }
  });
  out.on('close', () => source.return?.(undefined));
  const run = workers.run(task, { ...input, port: port2 }, [port2]);
  try {
    await Promise.race([taken, run]);
  } catch (err) {
    port1.close();
    throw err;
  }
  run.catch(fail);
  return out;
}

/**
 * The worker's side (worker-tasks.ts): `draw` gets the pages as they come through `port` and
 * answers the document; its bytes are sent back as they are written.
 */
export async function drawOnPort<P>(
  port: MessagePort,
  draw: (pages: AsyncIterable<P>) => PDFKit.PDFDocument,
): Promise<null> {
  const pages = async function* (): AsyncGenerator<P> {
    for (;;) {
      const answer = new Promise<ToWorker<P>>((resolve) => port.once('message', resolve));
      port.postMessage({ type: 'next' } satisfies FromWorker);
      const m = await answer;
      if (m.type === 'end') return;
      yield m.page;
    }
  };
  const doc = draw(pages());
  await new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => port.postMessage({ type: 'bytes', bytes: chunk } satisfies FromWorker));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  port.postMessage({ type: 'done' } satisfies FromWorker);
  port.close();
  return null;
}
