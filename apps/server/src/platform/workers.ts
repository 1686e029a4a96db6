/**
 * The process's worker threads (record 061): CPU-bound work a request or the mail sender would
 * otherwise do on the event loop (a PDF drawn, an uploaded spreadsheet read) runs in one pool of
 * `piscina` workers, WORKER_THREADS of them (default: the cores). What the workers run is named by
 * a task (worker-tasks.ts, which the entry file loads through tsx); their input and answer cross by
 * structured clone, buffers moved rather than copied. At most WORKER_QUEUE_MAX tasks wait beyond
 * those running: one more is refused at once with `Busy` (503, Retry-After), before anything is
 * written, instead of queueing without end.
 */
import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { type Message, REQUEST_MSG } from '@nido/contract';
import { Piscina } from 'piscina';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/** 503 with Retry-After: every worker is busy and the queue is full; the caller tries again later. */
export class Busy extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, REQUEST_MSG.busy);
  }
}

/** What a task answers across the thread: its value, or the typed error it threw (errors.ts). */
export type TaskOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: { status: number; reason: Message; fields?: Record<string, Message[]> } };

/** What may move to a worker with a task's input. */
type Transferable = ArrayBufferLike | MessagePort;

/** One task's request: its name in the worker's table and its input. */
export interface TaskRequest {
  task: string;
  input: unknown;
}

export interface WorkerPool {
  /**
   * Runs `task` on a worker and answers its value; throws `Busy` when the queue is full, and the
   * task's own typed error (a 422 of a spreadsheet) as it threw it. `transfer`: what of the input
   * moves to the worker instead of being copied (a MessagePort; a buffer is then unusable here).
   */
  run<T>(task: string, input: unknown, transfer?: readonly Transferable[]): Promise<T>;
  /** Tasks running and waiting (metrics, tests). */
  readonly pending: number;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  /** The worker's entry: a module whose default export takes a TaskRequest and answers a TaskOutcome. */
  filename: URL;
  config: Pick<Config, 'WORKER_THREADS' | 'WORKER_QUEUE_MAX' | 'WORKER_RETRY_AFTER_SECONDS'>;
  /** Start every thread now (a server: the first PDF does not wait for one); else on first use. */
  warm?: boolean;
}

/** The pool's size: WORKER_THREADS, else the cores the process may use. */
export function workerThreads(config: Pick<Config, 'WORKER_THREADS'>): number {
  return config.WORKER_THREADS ?? Math.max(1, os.availableParallelism());
}

const QUEUE_FULL = new Set(['Task queue is at limit', 'No task queue available and all Workers are busy']);

export function createWorkerPool(opts: WorkerPoolOptions): WorkerPool {
  const threads = workerThreads(opts.config);
  const pool = new Piscina<TaskRequest, TaskOutcome<unknown>>({
    filename: opts.filename.href,
    maxThreads: threads,
    minThreads: opts.warm ? threads : 0,
    // A thread left idle this long ends (a lazily started one is started again when needed).
    idleTimeout: 10 * 60_000,
    maxQueue: opts.config.WORKER_QUEUE_MAX,
  });
  let running = 0;
  return {
    async run<T>(task: string, input: unknown, transfer: readonly Transferable[] = []): Promise<T> {
      let outcome: TaskOutcome<unknown>;
      running++;
      try {
        outcome = await pool.run({ task, input }, { transferList: [...transfer] as never });
      } catch (err) {
        if (err instanceof Error && QUEUE_FULL.has(err.message))
          throw new Busy(opts.config.WORKER_RETRY_AFTER_SECONDS);
        throw err;
      } finally {
        running--;
      }
      if (outcome.ok) return outcome.value as T;
      const { status, reason, fields } = outcome.error;
      throw new HttpError(status, reason, fields);
    },
    get pending() {
      return running;
    },
    async close() {
      await pool.destroy();
    },
  };
}

/**
 * The worker's side: runs the named task of `tasks`, answering a typed error (errors.ts) as an
 * outcome the caller throws again; any other error rejects the task (a 500 where it is awaited).
 */
export function taskRunner(tasks: Record<string, (input: never) => Promise<unknown>>) {
  return async ({ task, input }: TaskRequest): Promise<TaskOutcome<unknown>> => {
    const run = tasks[task];
    if (!run) throw new Error(`no worker task "${task}"`);
    try {
      return { ok: true, value: await run(input as never) };
    } catch (err) {
      if (err instanceof HttpError)
        return {
          ok: false,
          error: {
            status: err.statusCode,
            reason: err.reason,
            ...(err.fields ? { fields: err.fields } : {}),
          },
        };
      throw err;
    }
  };
}
