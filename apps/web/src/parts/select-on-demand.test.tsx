import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectOnDemand } from './select-on-demand';

const KINDS = [
  { id: 'market', label: 'Markt' },
  { id: 'limit', label: 'Limit' },
  { id: 'stop', label: 'Stop' },
];

function Ticket() {
  const [kind, setKind] = useState('market');
  return (
    <>
      <SelectOnDemand label="Orderart" options={KINDS} selectedKey={kind} onSelectionChange={(key) => setKind(String(key))} description="Zum nächsten Kurs." />
      <p>Gewählt: {kind}</p>
    </>
  );
}

describe('SelectOnDemand', () => {
  it('shows its label and value at once; a press before the list has arrived opens it with the focus, a choice closes it and leaves the focus on the select', async () => {
    const user = userEvent.setup();
    render(<Ticket />);
    const standIn = screen.getByRole('button', { name: 'Markt Orderart' });
    fireEvent.click(standIn);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(list.contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Gewählt: limit')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // The list gives the focus back as it has gone (a frame later on a busy machine).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Limit/ })));
  });

  it('once arrived it is react-aria’s select: the keyboard opens the list and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Ticket />);
    const trigger = await screen.findByRole('button', { name: /Markt Orderart/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Stop' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByText('Gewählt: market')).toBeTruthy();
  });
});
