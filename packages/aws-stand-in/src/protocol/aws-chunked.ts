/**
 * The payload of an `aws-chunked` body (`<hex size>[;chunk-signature=…]\r\n<data>\r\n`…, a zero-size chunk,
 * then optional trailers), as the S3 client sends streamed uploads with a trailing checksum.
 */
export function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('aws-chunked body: chunk header without end');
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked body: bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
