/**
 * A form's fields in a card, each with its label above it: the look of antd-mobile's
 * `<Form layout="vertical" mode="card">` for a form that checks its own fields when it is sent. Without
 * antd-mobile's Form, which brings rc-field-form's store, async-validator and, for its help icons, a
 * Popover on @floating-ui: about 29 KB gzip that the card login loaded for two fields. Nor its List: the
 * card is drawn here, as antd-mobile's `List mode="card"` draws it. Each label names its field
 * (`<label for>`); the caller's `<form>` is sent by its submit button or the keyboard's Enter.
 */
import { type ReactNode, useId } from 'react';
import './form-fields.css';

export function FormFields({ children }: { children: ReactNode }) {
  return <div className="form-fields">{children}</div>;
}

export interface FormFieldProps {
  label: ReactNode;
  /** A line under the field: a hint, the attempts left. */
  description?: ReactNode;
  /** The field, given the id its label names. */
  children: (id: string) => ReactNode;
}

export function FormField({ label, description, children }: FormFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <div className="form-field__content">
        <label className="form-field__label" htmlFor={id}>
          {label}
        </label>
        <div className="form-field__control">{children(id)}</div>
        {description ? <div className="form-field__description">{description}</div> : null}
      </div>
    </div>
  );
}
