import { execFileSync } from 'node:child_process';

/** Whether Chromium here has a font for Korean, as fontconfig (its source of fonts on Linux) lists them. */
export const HANGUL_FONT = execFileSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).trim() !== '';

/** A title the console writes in Korean as it shows here: in English where no font draws Korean (issue 30). */
export const shownTitle = (korean: string, english: string): string => (HANGUL_FONT ? korean : english);
