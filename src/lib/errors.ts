import { m } from "../../common/messages";

/**
 * Domain errors. Services throw these; the one error handler (src/plugins/error-handler.ts)
 * turns them into `{ detail }` responses with the right status. Services never build responses.
 */
export type FieldError = { loc: (string | number)[]; msg: string };

export class DomainError extends Error {
  readonly status: number;
  readonly detail: string | FieldError[];
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string | FieldError[], headers: Record<string, string> = {}) {
    super(typeof detail === "string" ? detail : detail.map((d) => d.msg).join("; "));
    this.status = status;
    this.detail = detail;
    this.headers = headers;
  }
}

export class BadRequest extends DomainError {
  constructor(detail: string | FieldError[]) {
    super(400, detail);
  }
}

export class Unauthorized extends DomainError {
  constructor(detail = m.auth.notAuthenticated) {
    super(401, detail, { "WWW-Authenticate": "Bearer" });
  }
}

export class Forbidden extends DomainError {
  constructor(detail = m.auth.forbidden) {
    super(403, detail);
  }
}

export class NotFound extends DomainError {
  constructor(detail = m.common.notFound) {
    super(404, detail);
  }
}

export class Conflict extends DomainError {
  constructor(detail: string) {
    super(409, detail);
  }
}

/** 410: the thing existed and is gone for good (an expired download), not merely unknown. */
export class Gone extends DomainError {
  constructor(detail: string) {
    super(410, detail);
  }
}

export class PayloadTooLarge extends DomainError {
  constructor(detail: string) {
    super(413, detail);
  }
}

export class UnsupportedMediaType extends DomainError {
  constructor(detail: string) {
    super(415, detail);
  }
}

/** 422. A string detail for a whole-form message, or a list of `{ loc, msg }` per field. */
export class Invalid extends DomainError {
  constructor(detail: string | FieldError[]) {
    super(422, detail);
  }

  static field(loc: (string | number)[], msg: string): Invalid {
    return new Invalid([{ loc, msg }]);
  }
}

export class TooManyRequests extends DomainError {
  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class ServiceUnavailable extends DomainError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(
      503,
      detail,
      retryAfterSeconds === undefined
        ? {}
        : { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    );
  }
}
