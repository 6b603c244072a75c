import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { EngineInputError } from '@hivqe/engine';

/** The hyperparameters CreateJob sent, as Braket writes them to AMZN_BRAKET_HP_FILE: a JSON object of strings. */
export function readHyperparameters(file: string | undefined): Record<string, string> {
  if (file === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EngineInputError(
      `the hyperparameter file ${file} is not readable JSON: ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new EngineInputError(`the hyperparameter file ${file} is not a JSON object`);
  const entries = Object.entries(parsed);
  const notString = entries.filter(([, value]) => typeof value !== 'string').map(([name]) => name);
  if (notString.length > 0)
    throw new EngineInputError(
      `hyperparameters must be strings, as CreateJob sends them: ${notString.join(', ')}`,
    );
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The input channels Braket copied into AMZN_BRAKET_INPUT_DIR (one folder each); the program reads none. */
export function inputChannels(dir: string | undefined): string[] {
  if (dir === undefined || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
