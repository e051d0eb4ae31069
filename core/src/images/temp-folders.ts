import fs from 'node:fs/promises';
import path from 'node:path';

/** Every temporary download folder of the plugin starts with this (fs.mkdtemp adds a random suffix). */
export const TEMP_FOLDER_PREFIX = 'article-publisher-';

/**
 * Folders older than this are leftovers of a crashed import. A live import keeps its folder only for
 * one download and upload (the download time limit is at most 10 minutes), so another instance's
 * in-flight downloads on the same machine are far younger.
 */
export const STALE_TEMP_FOLDER_MS = 60 * 60 * 1000;

/**
 * Removes the plugin's own temporary folders in `directory` last changed more than `maxAgeMs` ago;
 * returns the names removed. Anything without the prefix, or not a folder, is left alone.
 */
export async function removeStaleTempFolders(
  directory: string,
  maxAgeMs = STALE_TEMP_FOLDER_MS,
  now = Date.now()
): Promise<string[]> {
  const removed: string[] = [];
  const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(TEMP_FOLDER_PREFIX)) continue;
    const folder = path.join(directory, entry.name);
    const stats = await fs.stat(folder).catch(() => null);
    if (!stats || now - stats.mtimeMs <= maxAgeMs) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed.push(entry.name);
  }
  return removed;
}
