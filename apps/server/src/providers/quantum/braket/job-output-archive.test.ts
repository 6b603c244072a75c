import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { h2Run, outputArchive, resultsDocument, tarGz } from '../../../../test/braket-output.ts';
import { archiveLocation, MAX_UNPACKED_BYTES, runFromArchive } from './job-output-archive.ts';

const URI = 's3://amazon-braket-us-east-1-123456789012/jobs/hivqe-1/data/output/model.tar.gz';

describe('archiveLocation', () => {
  it("puts the archive where Braket's SDK reads it: <s3Path>/output/model.tar.gz", () => {
    expect(archiveLocation('s3://bucket/jobs/hivqe-1/data/')).toEqual({
      bucket: 'bucket',
      key: 'jobs/hivqe-1/data/output/model.tar.gz',
      uri: 's3://bucket/jobs/hivqe-1/data/output/model.tar.gz',
    });
    expect(archiveLocation('s3://bucket')?.key).toBe('output/model.tar.gz');
    expect(archiveLocation('https://example.com/x')).toBeNull();
  });
});

describe('runFromArchive', () => {
  it('reads the run from results.json at the top level, also as ./results.json', async () => {
    expect(await runFromArchive(await outputArchive(), URI)).toEqual({ ok: true, run: h2Run() });
    const dotted = await tarGz({
      './other.txt': 'x',
      './results.json': JSON.stringify(resultsDocument(h2Run({ energy: -1.2 }))),
    });
    expect(await runFromArchive(dotted, URI)).toMatchObject({ ok: true, run: { energy: -1.2 } });
  });

  it.each([
    [
      'bytes that are not gzip',
      async () => Buffer.from('not an archive'),
      'cannot be read: it is not gzip data',
    ],
    [
      'gzip that is not a tar',
      async () => gzipSync(Buffer.from('x'.repeat(2000))),
      'cannot be read: it holds no readable tar archive',
    ],
    ['a tar without results.json', () => tarGz({ 'model.pt': 'weights' }), 'holds no results.json'],
    [
      'results.json that is not JSON',
      () => tarGz({ 'results.json': '{"braketSchemaHeader":' }),
      '(it is not JSON)',
    ],
    [
      'a result without its energy',
      () =>
        tarGz({
          'results.json': JSON.stringify({ ...resultsDocument(), dataDictionary: { energy: 'low' } }),
        }),
      'is not a HI-VQE result (dataDictionary.',
    ],
    [
      'another schema',
      () => tarGz({ 'results.json': JSON.stringify({ ...resultsDocument(), dataFormat: 'pickled_v4' }) }),
      'is not a HI-VQE result (dataFormat:',
    ],
  ])('says why for %s', async (_, archive, reason) => {
    const read = await runFromArchive(await archive(), URI);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toContain(reason);
    expect(!read.ok && read.reason).toContain(URI);
  });

  it('refuses an archive that unpacks past the bound instead of filling memory', async () => {
    const bomb = gzipSync(Buffer.alloc(MAX_UNPACKED_BYTES + 1));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await runFromArchive(bomb, URI)).toEqual({
      ok: false,
      reason: `The job's output archive ${URI} cannot be read: it unpacks to more than 64 MiB.`,
    });
  });
});
