import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { OnboardingApplication } from '@kontor/domain/onboarding-contracts';
import { isApiError } from '../../lib/api-client';
import { applyServerFieldErrors, zodResolver } from '../../lib/zod-form';
import { failureText } from './email-steps';
import { saveStep, type FormStep, type StepData } from './onboarding-api';

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * One saved step: the form checked with the domain's schema (its German messages), saved with PUT,
 * the server's field errors on the same fields and anything else above the form.
 */
export function useStepForm<S extends FormStep, V extends FieldValues>({
  step,
  schema,
  defaults,
  toData,
  onSaved,
}: {
  step: S;
  schema: z.ZodType;
  defaults: DefaultValues<V>;
  toData?: (values: V) => unknown;
  onSaved: (application: OnboardingApplication) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const methods = useForm<V>({ defaultValues: defaults, resolver: zodResolver<V>(schema, toData), mode: 'onSubmit', reValidateMode: 'onChange' });

  const submit = methods.handleSubmit(async (data) => {
    setError(null);
    try {
      onSaved(await saveStep(step, data as unknown as StepData[S]));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 400) {
        const rest = applyServerFieldErrors(caught.backendError.errors, methods.setError, (path) => hasPath(methods.getValues(), path));
        setError([caught.message, ...rest].join(' '));
      } else setError(failureText(caught, t));
    }
  });

  return { methods, submit, error, submitting: methods.formState.isSubmitting };
}
