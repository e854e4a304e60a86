import { loadConfig } from '../config/env';
import { migrate } from '../db/index';
import { cleanStoredAvatars } from '../services/avatar-cleanup';
import { exitOnBusy, openCliDb } from './cli-db';

/**
 * pnpm --filter api avatars:clean: re-encodes avatars stored before uploads were cleaned (EXIF, GPS, other
 * formats) the way an upload is stored now. Safe to run again: clean avatars are left alone.
 */
const db = await openCliDb(loadConfig(), (m) => console.log(m)).catch(exitOnBusy);
try {
  await migrate(db);
  const r = await cleanStoredAvatars(db);
  console.log(
    `Checked ${r.checked} avatars: ${r.reencoded} re-encoded, ${r.removed} unreadable ones removed.`,
  );
} finally {
  await db.close();
}
