import { describe, expect, it } from 'vitest';
import { backendError, backendErrorSchema, GENERIC_ERROR_MESSAGE, userMessage } from './backend-error';

const fieldErrors = { message: 'Ungültige Eingabe', status: 400, errors: { iban: ['Keine gültige IBAN'] } };

describe('backendError — spec §8', () => {
  it.each([
    [
      'an object body is the error',
      { status: 400, message: 'Bad Request', body: fieldErrors },
      fieldErrors,
    ],
    [
      'a JSON string body is parsed and is the error',
      { status: 409, message: 'Conflict', body: JSON.stringify({ message: 'Order bereits gestrichen', status: 409 }) },
      { message: 'Order bereits gestrichen', status: 409 },
    ],
    [
      'a 503 body is not the error: built from message, status and body',
      { status: 503, message: 'Service Unavailable', body: { message: 'Wartung', status: 503 } },
      { message: 'Service Unavailable', status: 503, errors: { message: 'Wartung', status: 503 } },
    ],
    [
      'a 503 JSON string body ends up parsed in errors',
      { status: 503, message: 'Service Unavailable', body: '{"reason":"maintenance"}' },
      { message: 'Service Unavailable', status: 503, errors: { reason: 'maintenance' } },
    ],
    [
      'a body that is not JSON falls back to building',
      { status: 502, message: 'Bad Gateway', body: '<html>Bad Gateway</html>' },
      { message: 'Bad Gateway', status: 502, errors: '<html>Bad Gateway</html>' },
    ],
    [
      'a JSON body that is no object falls back to building',
      { status: 500, message: 'Internal Server Error', body: '["a","b"]' },
      { message: 'Internal Server Error', status: 500, errors: ['a', 'b'] },
    ],
    [
      'no body: built from message and status',
      { status: 0, message: 'Keine Verbindung zum Server.' },
      { message: 'Keine Verbindung zum Server.', status: 0 },
    ],
    ['an empty body counts as none', { status: 404, message: 'Not Found', body: '' }, { message: 'Not Found', status: 404 }],
    ['a null body counts as none', { status: 404, message: 'Not Found', body: null }, { message: 'Not Found', status: 404 }],
    [
      'a body error without status takes the response status',
      { status: 422, message: 'Unprocessable', body: { message: 'Limit zu niedrig' } },
      { message: 'Limit zu niedrig', status: 422 },
    ],
    [
      'a body error without message gets an empty one',
      { status: 400, message: 'Bad Request', body: { status: 400, errors: ['x'] } },
      { message: '', status: 400, errors: ['x'] },
    ],
  ])('%s', (_case, httpError, expected) => {
    expect(backendError(httpError)).toEqual(expected);
  });

  it('gives errors the schema accepts', () => {
    const error = backendError({ status: 502, message: 'Bad Gateway', body: 'oops' });
    expect(backendErrorSchema.safeParse(error).success).toBe(true);
  });
});

describe('userMessage', () => {
  it.each([
    [{ message: 'Ungültige Eingabe', status: 400 }, 'Ungültige Eingabe'],
    [{ message: '', status: 500 }, GENERIC_ERROR_MESSAGE],
    [{ message: '   ', status: 500 }, GENERIC_ERROR_MESSAGE],
    [{ message: null }, GENERIC_ERROR_MESSAGE],
    [{}, GENERIC_ERROR_MESSAGE],
    [null, GENERIC_ERROR_MESSAGE],
    [undefined, GENERIC_ERROR_MESSAGE],
  ])('%j → %j', (error, text) => {
    expect(userMessage(error)).toBe(text);
  });

  it('is the message field of the error built from an HTTP failure', () => {
    expect(userMessage(backendError({ status: 400, message: 'Bad Request', body: fieldErrors }))).toBe('Ungültige Eingabe');
    expect(GENERIC_ERROR_MESSAGE).toBe('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.');
  });
});
