/**
 * `npm run backup [-- <directory>]` and `npm run restore -- <directory> [--force]` for the SQLite
 * deployment (DATA_DIR from the environment, as the server reads it). See docs/deploy.md.
 */
import path from 'node:path';
import { backupDataDir, restoreDataDir } from './backup/sqlite-backup.js';
import { loadConfig } from './config.js';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL points to PostgreSQL: back it up with pg_dump (docs/deploy.md)');
  if (command === 'backup') {
    const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '');
    const target = path.resolve(rest[0] ?? path.join('backups', `pvforge-${stamp}`));
    const m = await backupDataDir(config.dataDir, target);
    const rows = Object.values(m.rows).reduce((a, b) => a + b, 0);
    process.stdout.write(`backup of ${config.dataDir} written to ${target} (${m.files.join(', ')}; ${rows} rows)\n`);
  } else if (command === 'restore') {
    const dir = rest.find((a) => !a.startsWith('--'));
    if (!dir) throw new Error('usage: npm run restore -- <backup directory> [--force]');
    restoreDataDir(path.resolve(dir), config.dataDir, { force: rest.includes('--force') });
    process.stdout.write(`restored ${dir} into ${config.dataDir}; start the server again\n`);
  } else {
    throw new Error('usage: backup-main.ts backup [directory] | restore <directory> [--force]');
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
