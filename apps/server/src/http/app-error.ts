import { ERROR_STATUS, type TApiError, type TErrorCode } from '@encore/contract';

/**
 * The one error type the API raises on purpose. Its code comes from the contract's closed set, and
 * the code alone decides the HTTP status, so client and server agree on every failure's meaning.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly detail: Record<string, unknown> | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      detail?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
    this.detail = options.detail;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): TApiError {
    const body: TApiError = { error: { code: this.code, message: this.message } };
    if (this.fields && Object.keys(this.fields).length > 0) body.error.fields = this.fields;
    if (this.detail) body.error.detail = this.detail;
    return body;
  }
}
