import { type Control, type FieldValues, type Path, type RegisterOptions, useController } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'> & {
  control: Control<T>;
  name: Path<T>;
  rules?: Omit<RegisterOptions<T, Path<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
  /** Turns what is typed into the form's value, e.g. trims an e-mail address or keeps only digits. */
  parse?: (text: string) => string;
};

/**
 * A text field bound to a react-hook-form field: its value, its German error message under it
 * (linked with aria-describedby, the field marked aria-invalid), and its input as the element a
 * failed submit focuses. The form's rules decide; the browser's own validation stays out of it.
 */
export function FormTextField<T extends FieldValues>({ control, name, rules, parse, ...props }: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name, rules });
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(text) => field.onChange(parse ? parse(text) : text)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={fieldState.error?.message}
      validationBehavior="aria"
    />
  );
}
