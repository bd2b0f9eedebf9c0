/** A one-line text input that takes at most 140 characters unless told otherwise (SPEC §9). */
import { Input, type InputProps } from 'antd-mobile';
import { INPUT_MAX_LENGTH } from '../platform/ui-defaults';

export function TextInput({ maxLength = INPUT_MAX_LENGTH, ...props }: InputProps) {
  return <Input maxLength={maxLength} {...props} />;
}
