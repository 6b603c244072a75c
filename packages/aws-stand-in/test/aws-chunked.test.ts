import { describe, expect, it } from 'vitest';
import { decodeAwsChunked } from '../src/protocol/aws-chunked.ts';

describe('decodeAwsChunked', () => {
  it('joins the chunks and drops signatures and trailers', () => {
    const body = Buffer.from(
      '5;chunk-signature=ab\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:AAAAAA==\r\n\r\n',
    );
    expect(decodeAwsChunked(body).toString()).toBe('hello world');
  });

  it('refuses a body cut short', () => {
    expect(() => decodeAwsChunked(Buffer.from('5\r\nhel'))).toThrow();
  });
});
