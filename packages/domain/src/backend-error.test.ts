import { describe, expect, it } from 'vitest';
import { backendError, backendErrorSchema, fieldErrorMap, GENERIC_ERROR_MESSAGE, userMessage } from './backend-error';

const fieldErrors = { message: 'Ungültige Eingabe', status: 400, errors: [{ field: 'iban', message: 'Keine gültige IBAN' }] };

describe('backendError — spec §8', () => {
  it.each([
    ['an object body is the error', { status: 400, message: 'Bad Request', body: fieldErrors }, fieldErrors],
    [
      'a JSON string body is parsed and is the error, keeping its code',
      { status: 403, message: 'Forbidden', body: JSON.stringify({ message: 'Bitte bestätigen Sie sich erneut.', status: 403, errors: [], code: 'SESSION_IDLE' }) },
      { message: 'Bitte bestätigen Sie sich erneut.', status: 403, errors: [], code: 'SESSION_IDLE' },
    ],
    [
      'a 503 body is not the error: built from message and status',
      { status: 503, message: 'Service Unavailable', body: { message: 'Wartung', status: 503 } },
      { message: 'Service Unavailable', status: 503, errors: [] },
    ],
    [
      'a body that is not JSON falls back to building',
      { status: 502, message: 'Bad Gateway', body: '<html>Bad Gateway</html>' },
      { message: 'Bad Gateway', status: 502, errors: [] },
    ],
    [
      'a JSON body that is no object falls back to building',
      { status: 500, message: 'Internal Server Error', body: '["a","b"]' },
      { message: 'Internal Server Error', status: 500, errors: [] },
    ],
    ['no body: built from message and status', { status: 0, message: 'Keine Verbindung zum Server.' }, { message: 'Keine Verbindung zum Server.', status: 0, errors: [] }],
    ['an empty body counts as none', { status: 404, message: 'Not Found', body: '' }, { message: 'Not Found', status: 404, errors: [] }],
    ['a null body counts as none', { status: 404, message: 'Not Found', body: null }, { message: 'Not Found', status: 404, errors: [] }],
    [
      'a body error without status takes the response status',
      { status: 422, message: 'Unprocessable', body: { message: 'Limit zu niedrig' } },
      { message: 'Limit zu niedrig', status: 422, errors: [] },
    ],
    [
      'a body error without message gets an empty one; malformed field errors are dropped',
      { status: 400, message: 'Bad Request', body: { status: 400, errors: ['x', { field: 'name', message: 'Zu lang' }, { field: 1 }] } },
      { message: '', status: 400, errors: [{ field: 'name', message: 'Zu lang' }] },
    ],
    [
      'errors in any other shape than a list count as none',
      { status: 400, message: 'Bad Request', body: { message: 'Ungültig', status: 400, errors: { iban: ['Keine gültige IBAN'] } } },
      { message: 'Ungültig', status: 400, errors: [] },
    ],
  ])('%s', (_case, httpError, expected) => {
    expect(backendError(httpError)).toEqual(expected);
  });

  it('puts the first message of each field under the form\'s name for it', () => {
    const errors = [
      { field: 'amount', message: 'Mindestens 25 €' },
      { field: 'amount', message: 'Höchstens 10.000 €' },
      { field: 'address.postalCode', message: 'Diese Postleitzahl passt nicht zu Deutschland.' },
      { field: 'query.cursor', message: 'Ungültig' },
    ];
    expect(fieldErrorMap(errors)).toEqual({ amount: 'Mindestens 25 €', 'address.postalCode': 'Diese Postleitzahl passt nicht zu Deutschland.', 'query.cursor': 'Ungültig' });
    expect(fieldErrorMap(errors, (f) => (f.startsWith('query.') ? undefined : f.split('.')[0]))).toEqual({ amount: 'Mindestens 25 €', address: 'Diese Postleitzahl passt nicht zu Deutschland.' });
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
