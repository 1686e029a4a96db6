/** `npm run restore -- FILE [--force]`: see backup.ts and README "Backups". */
import { loadConfig } from '../config.ts';
import { restoreBackup } from './backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1) {
  console.error(
    'Usage: npm run restore -- FILE [--force]   (--force replaces a database and images already there)',
  );
  process.exit(2);
}
try {
  const report = await restoreBackup(loadConfig(), files[0], force);
  console.log(
    `Restored ${files[0]} (made ${report.manifest.created_at}): ${report.rows} rows, ${report.images} images, ` +
      `${(report.ms / 1000).toFixed(1)} s.`,
  );
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
