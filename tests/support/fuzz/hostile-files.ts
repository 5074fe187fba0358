import fc from 'fast-check';
import { pixelBomb } from '../hostile-images';
import { makeImage } from '../images';

const [jpeg, png, webp] = await Promise.all([
  makeImage('jpeg', { width: 40, height: 30 }),
  makeImage('png', { width: 40, height: 30 }),
  makeImage('webp', { width: 40, height: 30 }),
]);
const real = [jpeg, png, webp];

const SIGNATURES = [
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'),
  Buffer.from('\0\0\0\x1cftypavif', 'latin1'),
  Buffer.from('\0\0\0\x18ftypheic', 'latin1'),
];
const TEXTS = [
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>',
  'GIF89a\x01\0\x01\0\0\0\0;',
  '%PDF-1.4',
  'PK\x03\x04',
  '#!/bin/sh\nrm -rf /',
];

/** Upload bodies: random bytes, truncated or corrupted real images, images with a payload, lying signatures, SVG, bombs. */
export const hostileFile: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
  fc
    .tuple(fc.constantFrom(...real), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([img, share]) => img.subarray(0, Math.floor(img.length * share))),
  fc.tuple(fc.constantFrom(...real), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([img, at, byte]) => {
    const copy = Buffer.from(img);
    copy[at % copy.length] = byte;
    return copy;
  }),
  fc.tuple(fc.constantFrom(...real), fc.constantFrom(...TEXTS)).map(([img, text]) => Buffer.concat([img, Buffer.from(text, 'latin1')])),
  fc.tuple(fc.constantFrom(...SIGNATURES), fc.uint8Array({ maxLength: 512 })).map(([sig, rest]) => Buffer.concat([sig, Buffer.from(rest)])),
  fc.constantFrom(...TEXTS).map((t) => Buffer.from(t, 'latin1')),
  fc.constant(pixelBomb()),
  fc.constant(Buffer.alloc(0)),
  fc.constantFrom(...real),
);
