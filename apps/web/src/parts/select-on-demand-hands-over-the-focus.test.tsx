import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SelectOnDemand } from './select-on-demand';

// A file of its own: the select loads once per test file, and this needs its stand-in.
describe('SelectOnDemand', () => {
  it('a stand-in that has the keyboard focus hands it to the select as it arrives, closed', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Kauf</button>
        <SelectOnDemand label="Orderart" options={[{ id: 'market', label: 'Markt' }, { id: 'limit', label: 'Limit' }]} selectedKey="market" onSelectionChange={() => {}} />
      </>,
    );
    const standIn = screen.getByRole('button', { name: 'Markt Orderart' });
    standIn.focus();
    await waitFor(() => expect(standIn.isConnected).toBe(false));
    const select = screen.getByRole('button', { name: /Markt Orderart/ });
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Limit' })).toBeTruthy();
  });
});
