import { useState, type FormEvent } from 'react';

/** The investor contact form: checks the details, sends nothing (spec point 2: no submit behaviour). */
export function ContactForm() {
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [checked, setChecked] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'Please enter your name.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) next.email = 'Please enter a valid email address.';
    if (values.message.trim().length < 10) next.message = 'Please write at least 10 characters.';
    setErrors(next);
    setChecked(Object.keys(next).length === 0);
  };
  const field = (k: keyof typeof values, label: string, type = 'text') => (
    <div>
      <label className="wf-label" htmlFor={`mk-inv-${k}`}>
        {label}
      </label>
      {k === 'message' ? (
        <textarea
          id={`mk-inv-${k}`}
          className="wf-input"
          rows={4}
          value={values[k]}
          aria-invalid={!!errors[k]}
          aria-describedby={errors[k] ? `mk-inv-${k}-err` : undefined}
          onChange={(e) => setValues({ ...values, [k]: e.target.value })}
        />
      ) : (
        <input
          id={`mk-inv-${k}`}
          className="wf-input"
          type={type}
          value={values[k]}
          aria-invalid={!!errors[k]}
          aria-describedby={errors[k] ? `mk-inv-${k}-err` : undefined}
          onChange={(e) => setValues({ ...values, [k]: e.target.value })}
        />
      )}
      {errors[k] && (
        <p id={`mk-inv-${k}-err`} className="wf-alert--error" role="alert">
          {errors[k]}
        </p>
      )}
    </div>
  );
  return (
    <form className="mk-form" noValidate onSubmit={onSubmit} aria-labelledby="mk-inv-contact">
      <p className="wf-muted">
        This form checks your details but does not send them anywhere. Please email investors@wayfarer.app.
      </p>
      {field('name', 'Name')}
      {field('email', 'Email', 'email')}
      {field('message', 'Message')}
      <button className="wf-btn" type="submit">
        Check details
      </button>
      {checked && (
        <p className="wf-alert--info" role="status">
          Your details look good. Nothing was sent: please email them to{' '}
          <a href="mailto:investors@wayfarer.app">investors@wayfarer.app</a>.
        </p>
      )}
    </form>
  );
}
