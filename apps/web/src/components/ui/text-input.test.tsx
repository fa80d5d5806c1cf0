import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('accepts at most 140 characters by default', async () => {
    render(<TextInput label="Nickname" />);
    const input = screen.getByLabelText('Nickname');
    expect(input).toHaveAttribute('maxLength', '140');
    await userEvent.type(input, 'x'.repeat(150));
    expect(input).toHaveValue('x'.repeat(140));
  });

  it('takes another limit when given', () => {
    render(<TextInput label="Code" maxLength={6} />);
    expect(screen.getByLabelText('Code')).toHaveAttribute('maxLength', '6');
  });

  it('announces its error with the field', () => {
    render(<TextInput label="Phone" error="Please Enter Phone Number" />);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please Enter Phone Number');
  });
});
