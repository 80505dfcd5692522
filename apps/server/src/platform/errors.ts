import type { BackendError, FieldError } from '@kontor/domain/backend-error';
import type { FieldProblem } from '@kontor/domain/service-requests';

/** An error a customer may see: its message is German and safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The fields at fault; the body always carries the list, empty when none is. */
    readonly errors: readonly FieldError[] = [],
    /** What the web app acts on (e.g. SESSION_IDLE: ask for the step-up), beside the German message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): BackendError {
    return {
      message: this.message,
      status: this.status,
      errors: [...this.errors],
      ...(this.code === undefined ? {} : { code: this.code }),
    };
  }
}

export const messages = {
  badRequest: 'Die Eingabe ist ungültig. Bitte prüfen Sie die markierten Felder.',
  notFound: 'Die angeforderte Seite gibt es nicht (mehr).',
  forbiddenXsrf: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  internal: 'Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  payloadTooLarge: 'Die gesendeten Daten sind zu groß.',
  uriTooLong: 'Die aufgerufene Adresse ist zu lang.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
} as const;

export const notFound = (message: string = messages.notFound) => new AppError(404, message);

/** One field at fault, its message also the error's. */
export const fieldError = (status: number, field: string, message: string) => new AppError(status, message, [{ field, message }]);

/** Every field's message (the form puts each at its field); the first is the error's message. */
export function fieldErrors(problems: readonly FieldProblem[], status = 400): AppError {
  return new AppError(status, problems[0]?.message ?? 'Bitte prüfen Sie Ihre Angaben.', problems.map((p) => ({ field: p.path, message: p.message })));
}

/** A form's errors kept as `{ field: message }` (the order ticket's), as the body's list. */
export function recordErrors(status: number, errors: Readonly<Record<string, string>>, message?: string): AppError {
  const list = Object.entries(errors).map(([field, m]) => ({ field, message: m }));
  return new AppError(status, message ?? list[0]?.message ?? messages.badRequest, list);
}
