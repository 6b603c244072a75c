/** An error answered in the calling service's error shape (code and HTTP status as in its model). */
export class AwsError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const validationError = (message: string): AwsError =>
  new AwsError('ValidationException', 400, message);
export const notFound = (message: string): AwsError =>
  new AwsError('ResourceNotFoundException', 404, message);
