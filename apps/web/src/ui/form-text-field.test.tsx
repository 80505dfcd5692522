import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormTextField } from './form-text-field';

function NameForm({ onValid }: { onValid: (values: { name: string }) => void }) {
  const { control, handleSubmit } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <FormTextField
        control={control}
        name="name"
        rules={{ required: 'Bitte geben Sie einen Namen ein.' }}
        parse={(text) => text.trimStart()}
        label="Name"
        description="So erscheint die Liste."
        isRequired
      />
      <button type="submit">Speichern</button>
    </form>
  );
}

describe('FormTextField', () => {
  it('shows the form’s German error under the field, tied to it for screen readers, and focuses it', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<NameForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const field = screen.getByRole('textbox', { name: 'Name' });
    const error = await screen.findByText('Bitte geben Sie einen Namen ein.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(field);
    expect(onValid).not.toHaveBeenCalled();

    await user.type(field, '  Dividenden');
    await waitFor(() => expect(screen.queryByText('Bitte geben Sie einen Namen ein.')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Dividenden' }, expect.anything()));
  });
});
