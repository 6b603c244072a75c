import { z } from 'zod';

/** The files a result (and a scan's curve) can be downloaded as, by `format` or `Accept: text/csv`. */
export const RESULT_FORMATS = ['json', 'csv'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
export const RESULT_FORMAT_MESSAGE = `format must be one of ${RESULT_FORMATS.join(', ')}`;
/** Absent: the document as the API's JSON answer, not as a file. */
export const resultFormat = z.enum(RESULT_FORMATS, { message: RESULT_FORMAT_MESSAGE }).optional();
