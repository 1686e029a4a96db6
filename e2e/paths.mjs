import os from 'node:os';
import path from 'node:path';

/** Data directory of the server the journeys run against (database, outbox, uploads). */
export const e2eDataDir = path.join(os.tmpdir(), `nido-e2e-${process.env.E2E_PORT ?? '3100'}`);
