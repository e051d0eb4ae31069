/**
 * A tiny animated GIF: a `width` x `height` canvas and `frames` frames of one pixel each. Every frame
 * decodes to the full canvas, so the file is a few KB on the wire and `width * height * frames` pixels
 * once decoded: the shape of a decompression bomb that only the first frame's size would hide.
 */
export function animatedGif(width: number, height: number, frames: number): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const bytes: number[] = [
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0x80,
    0,
    0, // logical screen, 2-colour global table
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0'),
    0x03,
    0x01,
    0x00,
    0x00,
    0x00, // loop forever
  ];
  for (let frame = 0; frame < frames; frame++) {
    bytes.push(0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00); // 0.1 s per frame
    bytes.push(0x2c, ...u16(frame % width), ...u16(0), ...u16(1), ...u16(1), 0x00); // a 1x1 frame
    bytes.push(0x02, 0x02, 0x44, 0x01, 0x00); // LZW: clear, colour 0, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}
