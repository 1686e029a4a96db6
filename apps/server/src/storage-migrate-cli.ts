/**
 * `npm run storage:migrate`: copies DATA_DIR/uploads into the bucket STORAGE_URL names (record 038),
 * skipping what is already there with the same size, and reports copied, skipped and failed. Exits
 * 1 when any file failed (run it again: it picks up where it stopped).
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { createStorage } from './platform/create-storage.ts';
import { migrateUploads } from './platform/storage-migrate.ts';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('\nSTORAGE_URL is not set: there is no bucket to copy the uploads into.');
  console.error('Set STORAGE_URL (and AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), then run it again.\n');
  process.exit(1);
}
const dir = path.join(config.dataDir, 'uploads');
const where = `s3://${config.storage.bucket}/${config.storage.prefix}`;
console.log(`\nCopying ${dir} into ${where}`);
const started = performance.now();
const report = await migrateUploads({
  dir,
  to: await createStorage(config.storage),
  progress: (done, total, r) =>
    console.log(`  ${done}/${total}: ${r.copied} copied, ${r.skipped} skipped, ${r.failed} failed`),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
for (const f of report.failures.slice(0, 20)) console.error(`  failed ${f.name}: ${f.error}`);
if (report.failures.length > 20) console.error(`  … and ${report.failures.length - 20} more`);
console.log(
  `\nDone in ${seconds} s: ${report.copied} copied, ${report.skipped} skipped (already there), ${report.failed} failed.`,
);
if (report.failed) console.log('Run it again to retry the failed ones.');
process.exit(report.failed ? 1 : 0);
