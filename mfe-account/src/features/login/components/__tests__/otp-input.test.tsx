import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { OtpInput } from '../otp-input';

function Harness() {
  const [d, setD] = useState<string[]>(['', '', '', '', '', '']);
  return (
    <>
      <OtpInput digits={d} onChange={setD} />
      <output data-testid="v">{d.join(',')}</output>
    </>
  );
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
  it('a whole code delivered as one change into the first box (one-time-code autofill) fills all six boxes', () => {
    render(<Harness />);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '482913' } });
    expect(screen.getByTestId('v').textContent).toBe('4,8,2,9,1,3');
    expect(box(6).value).toBe('3');
    expect(document.activeElement).toBe(box(6));
  });
  it('an autofill replacing a digit already in the first box still fills all six', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    fireEvent.change(box(1), { target: { value: '482913' } });
    expect(screen.getByTestId('v').textContent).toBe('4,8,2,9,1,3');
  });
  it('an input method inserting the code after a digit (insertText) fills the boxes with the inserted code', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    box(1).focus();
    fireEvent.input(box(1), { target: { value: '7482913' }, data: '482913', inputType: 'insertText' });
    expect(screen.getByTestId('v').textContent).toBe('4,8,2,9,1,3');
    expect(document.activeElement).toBe(box(6));
  });
  it('an input method delivering full-width digits, or a code into another box, fills from the first box', () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.input(box(3), {
      target: { value: '４８２９' },
      data: '４８２９',
      inputType: 'insertCompositionText',
    });
    expect(screen.getByTestId('v').textContent).toBe('4,8,2,9,,');
    expect(document.activeElement).toBe(box(5));
  });
  it('typing into a box that holds a digit replaces it and moves on; a letter changes nothing', () => {
    render(<Harness />);
    fireEvent.change(box(2), { target: { value: '3' } });
    fireEvent.change(box(2), { target: { value: '37' } });
    expect(box(2).value).toBe('7');
    expect(document.activeElement).toBe(box(3));
    fireEvent.change(box(2), { target: { value: '57' } });
    expect(box(2).value).toBe('5');
    fireEvent.input(box(2), { target: { value: '5x' }, data: 'x', inputType: 'insertText' });
    expect(box(2).value).toBe('5');
    expect(screen.getByTestId('v').textContent).toBe(',5,,,,');
  });
});
