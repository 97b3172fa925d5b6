export { Field, FieldRow, FormAlert, type FieldProps } from './form-field';
