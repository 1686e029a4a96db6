/** `npm run backup [FILE]`: see backup.ts and README "Backups". */
import { loadConfig } from '../config.ts';
import { writeBackup } from './backup.ts';

const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
const file = process.argv[2] ?? `nido-backup-${stamp}.tar.gz`;
try {
  const report = await writeBackup(loadConfig(), file);
  const { database, images } = report.manifest;
  console.log(
    `Backup written to ${report.file}: ${(report.bytes / 1e6).toFixed(1)} MB, ` +
      `${database.rows} rows in ${Object.keys(database.tables).length} tables (${database.source}), ` +
      `${images.count} images (${(images.bytes / 1e6).toFixed(1)} MB), ${(report.ms / 1000).toFixed(1)} s.`,
  );
  if (images.missing?.length)
    console.warn(
      `Warning: ${images.missing.length} images named by rows are not in the bucket: ` +
        `${images.missing.slice(0, 10).join(', ')}${images.missing.length > 10 ? ', …' : ''}`,
    );
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
