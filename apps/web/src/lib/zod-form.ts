import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorMap, type FieldError } from '@kontor/domain/backend-error';

/**
 * The bridge between the domain's zod schemas (their German messages) and react-hook-form: a
 * resolver for the form, and the server's 400 field errors (`{ 'address.postalCode': ['…'] }`)
 * put on the same fields. One place, so a rule shared by server and web speaks with one voice.
 */

function setPath(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown): void {
  let node = target;
  path.forEach((key, i) => {
    const name = String(key);
    if (i === path.length - 1) {
      if (node[name] === undefined) node[name] = value;
      return;
    }
    node[name] ??= {};
    node = node[name] as Record<string, unknown>;
  });
}

/**
 * A resolver that checks the form's values with a zod schema; the first message of a field wins.
 * `toData` turns what is typed into what the schema checks (blank optional fields to null, …); the
 * submit handler receives the parsed data. Field paths of data and form must agree.
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType, toData: (values: T) => unknown = (values) => values): Resolver<T> {
  return async (values) => {
    const result = await schema.safeParseAsync(toData(values));
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      setPath(errors, issue.path.length > 0 ? issue.path : ['root'], { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * Puts a 400's field errors on the form's fields; returns the messages that fit no field of the
 * form (`known` says which paths it has), for a notice above the form.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  errors: readonly FieldError[],
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): string[] {
  const rest: string[] = [];
  let focused = false;
  for (const [name, message] of Object.entries(fieldErrorMap(errors))) {
    if (known(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else rest.push(message);
  }
  return rest;
}
