import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { isServiceError } from '../../../../core/src/errors';
import { TEMP_FOLDER_PREFIX } from '../../../../core/src/images/temp-folders';
import { parseJsonBody } from '../../../../core/src/json-body';
import { uploadTooLarge, WordPressError } from '../../../../core/src/wordpress/errors';
import { dispositionFileName } from '../../../../core/src/wordpress/media-request';
import {
  MultipartError,
  multipartBoundary,
  multipartFields,
  multipartFile,
  parseMultipart,
  type MultipartPart,
} from '../../../../core/src/wordpress/multipart';
import { bodyAlreadyRead, declaredLength, readRawBody } from '../../common/http/raw-body';
import type { ReceivedFile } from './services/media';
import { getService } from '../../common/get-service';

/**
 * Reading the WordPress API's bodies, once the caller was authenticated: JSON (or a form) under the
 * plugin's body limit, and media as multipart (read as PHP reads it) or as raw bytes (n8n).
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

/** The body's bytes, at most `limitBytes`; more is WordPress's "file too big". */
async function readUploadBytes(ctx: Context, limitBytes: number, maxBytes: number): Promise<Buffer> {
  try {
    return await readRawBody(ctx, limitBytes);
  } catch (error) {
    if (isServiceError(error) && error.code === 'payload_too_large') throw uploadTooLarge(maxBytes);
    throw error;
  }
}

/** The received bytes in a temporary folder of the plugin's own, removed (folder and all) by `cleanup`. */
async function receivedFile(
  bytes: Buffer,
  name: string,
  fields: Record<string, unknown>
): Promise<ReceivedFile> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), TEMP_FOLDER_PREFIX));
  const cleanup = () => fs.rm(directory, { recursive: true, force: true });
  const filepath = path.join(directory, 'upload');
  try {
    await fs.writeFile(filepath, bytes);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { filepath, size: bytes.length, name, fields, cleanup };
}

/**
 * The file of a multipart upload, as PHP reads one for WordPress: the part `file` with a file name is
 * the file whatever its Content-Type (Python's requests sends none; the type comes from the bytes),
 * the parts without a file name are the text fields. The body is read whole under the image limit,
 * so no part of it (another file part, a refused one) is ever left on disk.
 */
async function readMultipartUpload(ctx: Context, maxBytes: number): Promise<ReceivedFile> {
  const limitBytes = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const length = declaredLength(ctx);
  if (length !== null && length > limitBytes) throw uploadTooLarge(maxBytes);
  // A body parser the plugin did not expect read the stream: the parts are gone.
  if (bodyAlreadyRead(ctx)) throw noData();
  const boundary = multipartBoundary(ctx.get('content-type'));
  if (!boundary) throw unreadableMultipart('the Content-Type names no boundary');
  const bytes = await readUploadBytes(ctx, limitBytes, maxBytes);
  let parts: MultipartPart[];
  try {
    parts = parseMultipart(bytes, boundary);
  } catch (error) {
    if (error instanceof MultipartError) throw unreadableMultipart(error.message);
    throw error;
  }
  const file = multipartFile(parts, 'file');
  if (!file || !file.data.length) throw noData();
  if (file.data.length > maxBytes) throw uploadTooLarge(maxBytes);
  return receivedFile(file.data, file.filename || 'upload', multipartFields(parts));
}

const unreadableMultipart = (reason: string) =>
  new WordPressError('rest_upload_no_data', `The multipart body could not be read: ${reason}.`, 400);

/** `POST /wp/v2/media`: the file from the multipart field `file`, or the raw body named by Content-Disposition. */
export async function readUpload(strapi: Core.Strapi, ctx: Context): Promise<ReceivedFile> {
  const { maxBytes } = (await getService(strapi, 'plugin-config').get()).images;
  if (ctx.is('multipart/form-data')) return readMultipartUpload(ctx, maxBytes);

  const name = dispositionFileName(ctx.get('content-disposition') || undefined);
  if (!name)
    throw new WordPressError('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400);
  const bytes = await readUploadBytes(ctx, maxBytes, maxBytes);
  if (!bytes.length) throw noData();
  return receivedFile(bytes, name, Object.fromEntries(new URLSearchParams(ctx.querystring)));
}
