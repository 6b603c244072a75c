import { describe, expect, it } from 'vitest';
import {
  historyCsv,
  historyFileName,
  resultDocument,
  resultDocumentOf,
  resultFileName,
  resultJson,
} from '@hivqe/contract';
import { hybridJob } from './testing/job-fixtures.ts';
import { historyPoint, jobResult } from './testing/result-fixtures.ts';

describe('result export', () => {
  const result = jobResult(hybridJob('h2-run'), {
    history: [historyPoint(1, -1.1300000000000001, null, 2), historyPoint(3, -1.137283834, 1e-6, 4)],
  });

  it('writes the history as CSV, a row per iteration, errors in mHa as on screen, unknown errors empty', () => {
    expect(historyCsv(result)).toBe(
      'iteration,cost_function_call,energy_ha,error_mha,subspace_size,timestamp\r\n' +
        '1,1,-1.1300000000000001,,2,2025-03-01T10:05:00.000Z\r\n' +
        '2,3,-1.137283834,0.001,4,2025-03-01T10:05:00.000Z\r\n',
    );
  });

  it('writes the result document as JSON that reads back equal and passes its schema', () => {
    const written = JSON.parse(resultJson(result)) as unknown;
    expect(written).toEqual(resultDocumentOf(result));
    expect(resultDocument.safeParse(written).success).toBe(true);
  });

  it('names the files after the job, with characters no file system objects to', () => {
    const hostile = jobResult(hybridJob('a/b\\c:d*e?"f<g>h|i\u0000j'));
    expect(resultFileName(hostile)).toBe('a_b_c_d_e_f_g_h_i_j-result.json');
    expect(historyFileName(result)).toBe('h2-run-history.csv');
  });
});
