import { translateJavaPattern } from './java-regex.ts';
import { DEFAULT_MODELS_DIR, loadModel, type ServiceName, type Shape } from './models.ts';

/**
 * Checks an operation's input (member names as the AWS SDKs spell them) against the operation's input
 * shape in botocore's model: required members, types, enums, lengths, patterns, ranges, list and map sizes,
 * recursively. Returns AWS-style messages ("Value … at 'path' failed to satisfy constraint: …"), empty when
 * the input is valid.
 */
export function validateAgainstModel(
  service: ServiceName,
  operation: string,
  input: unknown,
  modelsDir = DEFAULT_MODELS_DIR,
): string[] {
  const model = loadModel(service, modelsDir);
  const op = model.operations[operation];
  if (!op) throw new Error(`${service} has no operation ${operation}`);
  if (!op.input) return [];
  const errors: string[] = [];
  checkShape(model.shapes, op.input.shape, input ?? {}, '', errors);
  return errors;
}

/** AWS's wording for a ValidationException carrying `errors`. */
export function validationMessage(errors: readonly string[]): string {
  const count = `${errors.length} validation error${errors.length === 1 ? '' : 's'} detected: `;
  return count + errors.join('; ');
}

const compiled = new Map<string, RegExp>();

function patternOf(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = translateJavaPattern(pattern);
    compiled.set(pattern, regex);
  }
  return regex;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 80 ? `${value.slice(0, 80)}…` : value}'`;
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return JSON.stringify(value) ?? String(value);
}

function fail(errors: string[], value: unknown, path: string, constraint: string): void {
  errors.push(`Value ${describe(value)} at '${path || 'input'}' failed to satisfy constraint: ${constraint}`);
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function checkShape(
  shapes: Record<string, Shape>,
  shapeName: string,
  value: unknown,
  path: string,
  errors: string[],
): void {
  const shape = shapes[shapeName];
  if (!shape) throw new Error(`model has no shape ${shapeName}`);
  switch (shape.type) {
    case 'structure':
      return checkStructure(shapes, shape, value, path, errors);
    case 'list':
      return checkList(shapes, shape, value, path, errors);
    case 'map':
      return checkMap(shapes, shape, value, path, errors);
    case 'string':
      return checkString(shape, value, path, errors);
    case 'integer':
    case 'long':
      return checkNumber(shape, value, path, errors, true);
    case 'float':
    case 'double':
      return checkNumber(shape, value, path, errors, false);
    case 'boolean':
      if (typeof value !== 'boolean') fail(errors, value, path, 'Member must be a boolean');
      return;
    case 'timestamp':
      if (!(value instanceof Date) && typeof value !== 'number' && Number.isNaN(Date.parse(String(value))))
        fail(errors, value, path, 'Member must be a timestamp');
      return;
    case 'blob':
      if (typeof value !== 'string' && !(value instanceof Uint8Array))
        fail(errors, value, path, 'Member must be binary data');
      else checkLength(shape, value.length, value, path, errors);
      return;
    default:
      throw new Error(`shape ${shapeName}: type ${shape.type} is not supported by the validator`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

function checkStructure(
  shapes: Record<string, Shape>,
  shape: Shape,
  value: unknown,
  path: string,
  errors: string[],
): void {
  if (!isRecord(value)) return fail(errors, value, path, 'Member must be a structure');
  const members = shape.members ?? {};
  for (const name of shape.required ?? []) {
    if (value[name] === undefined || value[name] === null)
      errors.push(
        `Value null at '${join(path, name)}' failed to satisfy constraint: Member must not be null`,
      );
  }
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined || member === null) continue;
    const ref = members[name];
    if (!ref) {
      errors.push(`Unknown member '${join(path, name)}'`);
      continue;
    }
    // A streamed payload (S3 object bodies) is not held in memory to be checked.
    if (ref.streaming || shapes[ref.shape]?.type === 'blob') continue;
    checkShape(shapes, ref.shape, member, join(path, name), errors);
  }
}

function checkList(
  shapes: Record<string, Shape>,
  shape: Shape,
  value: unknown,
  path: string,
  errors: string[],
): void {
  if (!Array.isArray(value)) return fail(errors, value, path, 'Member must be a list');
  checkLength(shape, value.length, value, path, errors);
  value.forEach((item, i) =>
    checkShape(shapes, shape.member!.shape, item, `${path}.${i + 1}.member`, errors),
  );
}

function checkMap(
  shapes: Record<string, Shape>,
  shape: Shape,
  value: unknown,
  path: string,
  errors: string[],
): void {
  if (!isRecord(value)) return fail(errors, value, path, 'Member must be a map');
  const entries = Object.entries(value);
  checkLength(shape, entries.length, value, path, errors);
  for (const [key, item] of entries) {
    checkShape(shapes, shape.key!.shape, key, `${path}.key`, errors);
    checkShape(shapes, shape.value!.shape, item, `${path}.${key}`, errors);
  }
}

function checkString(shape: Shape, value: unknown, path: string, errors: string[]): void {
  if (typeof value !== 'string') return fail(errors, value, path, 'Member must be a string');
  if (shape.enum && !shape.enum.includes(value))
    fail(errors, value, path, `Member must satisfy enum value set: [${shape.enum.join(', ')}]`);
  // AWS counts characters, not UTF-16 code units.
  checkLength(shape, [...value].length, value, path, errors);
  if (shape.pattern !== undefined && !patternOf(shape.pattern).test(value))
    fail(errors, value, path, `Member must satisfy regular expression pattern: ${shape.pattern}`);
}

function checkNumber(shape: Shape, value: unknown, path: string, errors: string[], integer: boolean): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    return fail(errors, value, path, integer ? 'Member must be an integer' : 'Member must be a number');
  if (shape.min !== undefined && value < shape.min)
    fail(errors, value, path, `Member must have value greater than or equal to ${shape.min}`);
  if (shape.max !== undefined && value > shape.max)
    fail(errors, value, path, `Member must have value less than or equal to ${shape.max}`);
}

function checkLength(shape: Shape, length: number, value: unknown, path: string, errors: string[]): void {
  if (shape.min !== undefined && length < shape.min)
    fail(errors, value, path, `Member must have length greater than or equal to ${shape.min}`);
  if (shape.max !== undefined && length > shape.max)
    fail(errors, value, path, `Member must have length less than or equal to ${shape.max}`);
}
