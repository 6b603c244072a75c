import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A gzip'd ustar archive of the regular files under `dir`, paths relative to it (as model.tar.gz holds them). */
export function tarGzDirectory(dir: string): Buffer {
  const blocks: Buffer[] = [];
  for (const path of filesUnder(dir)) {
    const body = readFileSync(path);
    blocks.push(header(relative(dir, path), body.length, statSync(path).mtimeMs), body);
    blocks.push(Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() ? [path] : [];
    });
}

function header(name: string, size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(512);
  const nameBytes = Buffer.from(name);
  if (nameBytes.length > 100) throw new Error(`tar: path ${name} is longer than 100 bytes`);
  nameBytes.copy(block, 0);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  block.write(octal(0o644, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write('0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(octal(checksum, 7) + ' ', 148);
  return block;
}
