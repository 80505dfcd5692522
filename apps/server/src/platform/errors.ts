import type { BackendError } from '@kontor/domain/backend-error';
import type { FieldProblem } from '@kontor/domain/service-requests';

/** An error a customer may see: its message is German and safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: unknown,
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
      ...(this.errors === undefined ? {} : { errors: this.errors }),
      ...(this.code === undefined ? {} : { code: this.code }),
    };
  }
}

export const messages = {
  badRequest: 'Die Eingabe ist ungültig. Bitte prüfen Sie die markierten Felder.',
  notFound: 'Die angeforderte Seite oder Ressource wurde nicht gefunden.',
  forbiddenXsrf: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  internal: 'Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  payloadTooLarge: 'Die gesendeten Daten sind zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
} as const;

export const badRequest = (errors?: unknown) => new AppError(400, messages.badRequest, errors);
export const notFound = (message: string = messages.notFound) => new AppError(404, message);

/** One 400 with every field's message (the form puts each at its field): `errors: { path: [message, …] }`. */
export function fieldErrors(problems: readonly FieldProblem[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[p.path] ??= []).push(p.message);
  return new AppError(400, problems[0]?.message ?? 'Bitte prüfen Sie Ihre Angaben.', errors);
}
