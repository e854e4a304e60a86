import { useState, type FormEvent } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../../i18n';

/** The investor contact form: checks the details, sends nothing (spec point 2: no submit behaviour). */
export function ContactForm() {
  const { t } = useTranslation(MARKETING_NS);
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [checked, setChecked] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'invest.nameError';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) next.email = 'invest.emailError';
    if (values.message.trim().length < 10) next.message = 'invest.messageError';
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
          {t(errors[k])}
        </p>
      )}
    </div>
  );
  return (
    <form className="mk-form" noValidate onSubmit={onSubmit} aria-labelledby="mk-inv-contact">
      <p className="wf-muted">{t('invest.formNote')}</p>
      {field('name', t('invest.name'))}
      {field('email', t('invest.email'), 'email')}
      {field('message', t('invest.message'))}
      <button className="wf-btn" type="submit">
        {t('invest.check')}
      </button>
      {checked && (
        <p className="wf-alert--info" role="status">
          {t('invest.looksGood')} <a href="mailto:investors@wayfarer.app">investors@wayfarer.app</a>.
        </p>
      )}
    </form>
  );
}
