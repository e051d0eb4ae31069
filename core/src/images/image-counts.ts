/** How many library files a delivery placed in its post: uploaded for it, or reused from the library. */
export interface ImageCounts {
  imported: number;
  reused: number;
}

/**
 * Counts each placed file once (an image used as the cover and in the body is one file): those this
 * delivery uploaded are imported, the others were already in the library (a republish reuses them).
 */
export function countPlacedImages(
  placedFileIds: readonly number[],
  uploadedFileIds: readonly number[]
): ImageCounts {
  const uploaded = new Set(uploadedFileIds);
  const placed = [...new Set(placedFileIds)];
  const imported = placed.filter((id) => uploaded.has(id)).length;
  return { imported, reused: placed.length - imported };
}
