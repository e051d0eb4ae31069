import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { isServiceError } from '../../../core/src/errors';
import { TEMP_FOLDER_PREFIX } from '../../../core/src/images/temp-folders';
import { parseJsonBody } from '../../../core/src/json-body';
import { uploadTooLarge, WordPressError } from '../../../core/src/wordpress/errors';
import { dispositionFileName } from '../../../core/src/wordpress/media-request';
import { bodyAlreadyRead, declaredLength, readRawBody } from '../middlewares/raw-body';
import { runDeferredBodyParser } from '../utils/deferred-body';
import type { ReceivedFile } from '../services/wordpress-media';
import { getService } from '../utils/get-service';

/**
 * Reading the WordPress API's bodies, once the caller was authenticated: JSON (or a form) under the
 * plugin's body limit, and media as multipart (Strapi's own parser) or as raw bytes (n8n).
 */

/** A post or term body: JSON as clients send it, or a form (`application/x-www-form-urlencoded`). */
export async function readFields(strapi: Core.Strapi, ctx: Context): Promise<unknown> {
  // A body parser the plugin did not expect took the stream: its result is used (the caller is authenticated).
  if (bodyAlreadyRead(ctx)) return (ctx.request as { body?: unknown }).body ?? {};
  const { bodyLimitBytes } = getService(strapi, 'plugin-config').static();
  const raw = await readRawBody(ctx, bodyLimitBytes);
  if (ctx.is('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  return parseJsonBody(raw);
}

/** Multipart framing around the file: a body this much over the image limit is refused before it is read. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const noData = () => new WordPressError('rest_upload_no_data', 'No data supplied.', 400);

interface FormidableFile {
  filepath: string;
  size: number;
  originalFilename?: string | null;
}

/** Strapi's own body parser (formidable) on a multipart body; what it refuses is the client's fault, a 4xx. */
async function parseMultipart(ctx: Context, maxBytes: number): Promise<void> {
  try {
    await runDeferredBodyParser(ctx);
  } catch (error) {
    // koa-body's errors carry `status`, formidable's `httpCode`.
    const {
      status: koaStatus,
      httpCode,
      message,
    } = error as { status?: number; httpCode?: number; message?: string };
    const status = koaStatus ?? httpCode;
    if (status === 413) throw uploadTooLarge(maxBytes);
    if (status === undefined || status >= 500) throw error;
    throw new WordPressError(
      'rest_upload_no_data',
      `The multipart body could not be read: ${message ?? 'malformed'}.`,
      400
    );
  }
}

/** `POST /wp/v2/media`: the file from the multipart field `file`, or the raw body named by Content-Disposition. */
export async function readUpload(strapi: Core.Strapi, ctx: Context): Promise<ReceivedFile> {
  const { maxBytes } = (await getService(strapi, 'plugin-config').get()).images;
  const length = declaredLength(ctx);
  if (ctx.is('multipart/form-data')) {
    if (length !== null && length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw uploadTooLarge(maxBytes);
    await parseMultipart(ctx, maxBytes);
    const files = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files ?? {};
    const sent = files.file;
    const file = Array.isArray(sent) ? sent[0] : sent;
    if (!file) throw noData();
    const remove = () => fs.rm(file.filepath, { force: true });
    if (file.size > maxBytes) {
      await remove();
      throw uploadTooLarge(maxBytes);
    }
    const fields = ((ctx.request as { body?: unknown }).body ?? {}) as Record<string, unknown>;
    return {
      filepath: file.filepath,
      size: file.size,
      name: file.originalFilename ?? 'upload',
      fields,
      cleanup: remove,
    };
  }

  const name = dispositionFileName(ctx.get('content-disposition') || undefined);
  if (!name)
    throw new WordPressError('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400);
  let bytes: Buffer;
  try {
    bytes = await readRawBody(ctx, maxBytes);
  } catch (error) {
    if (isServiceError(error) && error.code === 'payload_too_large') throw uploadTooLarge(maxBytes);
    throw error;
  }
  if (!bytes.length) throw noData();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), TEMP_FOLDER_PREFIX));
  const filepath = path.join(directory, 'upload');
  await fs.writeFile(filepath, bytes);
  const fields = Object.fromEntries(new URLSearchParams(ctx.querystring));
  return {
    filepath,
    size: bytes.length,
    name,
    fields,
    cleanup: () => fs.rm(directory, { recursive: true, force: true }),
  };
}
