/** A non-fatal reason an image was not imported; it becomes a warning in the publish response. */
export class ImageRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageRejected';
  }
}
