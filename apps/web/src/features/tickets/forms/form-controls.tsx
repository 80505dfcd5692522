import type { JSX } from 'react';
import * as controls from '../../../ui/form-controls';
import type { FieldName } from './form-model';

/**
 * The ui's form controls with the request form's field names: a name the form does not have is
 * a type error. The page holds the one form; every type's fields use these.
 */
type Typed<C extends (props: never) => JSX.Element | null> = (props: Omit<Parameters<C>[0], 'name'> & { name: FieldName }) => ReturnType<C>;

export const TextInput: Typed<typeof controls.TextInput> = controls.TextInput;
export const TextArea: Typed<typeof controls.TextArea> = controls.TextArea;
export const Radios: Typed<typeof controls.Radios> = controls.Radios;
export const Choice: Typed<typeof controls.Choice> = controls.Choice;
export const Check: Typed<typeof controls.Check> = controls.Check;
export const CheckInList: Typed<typeof controls.CheckInList> = controls.CheckInList;
export { FieldMessage } from '../../../ui/form-controls';
