import { Controller, useFormContext } from 'react-hook-form';
import type { Birthday } from '../features/login/utils/login-rules';
import { BirthdaySelect, type Marking } from './birthday-select';
import { GenderSelect } from './gender-select';

/** The birthday and gender controls of a profile form (its react-hook-form context), marked when the message is about them. */
export function BirthdayGenderFields({ aria }: { aria: (name: string) => Marking }) {
  const { control } = useFormContext<{ birthday: Birthday; gender: string }>();
  return (
    <>
      <Controller
        control={control}
        name="birthday"
        render={({ field }) => (
          <BirthdaySelect
            value={field.value}
            onChange={field.onChange}
            selectRef={field.ref}
            marking={aria('birthday')}
          />
        )}
      />
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <GenderSelect
            value={field.value}
            onChange={field.onChange}
            selectRef={field.ref}
            marking={aria('gender')}
          />
        )}
      />
    </>
  );
}
