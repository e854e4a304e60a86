import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { OtpInput } from '../otp-input';

function Harness() {
  const [d, setD] = useState<string[]>(['', '', '', '', '', '']);
  return <><OtpInput digits={d} onChange={setD} /><output data-testid="v">{d.join(',')}</output></>;
}

const box = (i: number) => screen.getByLabelText(`Digit ${i}`) as HTMLInputElement;

describe('OtpInput', () => {
  it('accepts digits only and moves focus forward', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(box(1).value).toBe('7');
    expect(document.activeElement).toBe(box(2));
  });
  it('Backspace on an empty box clears and focuses the previous; arrows move', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(box(1).value).toBe('');
    fireEvent.keyDown(box(1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
  });
  it('paste keeps up to 6 digits', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '12-34 5678' } });
    expect(screen.getByTestId('v').textContent).toBe('1,2,3,4,5,6');
  });
});
