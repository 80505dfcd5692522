import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAlone } from '../test/render';
import { Button } from './button';
import { ConfirmDialog, Dialog } from './dialog';

/** Every dialog of the app is one of these two (or the PDF viewer, checked in keyboard.e2e.test.ts). */
function Opener({ confirm = false }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Öffnen</Button>
      <Button variant="secondary">Daneben</Button>
      {confirm ? (
        <ConfirmDialog title="Wirklich löschen?" isOpen={open} onOpenChange={setOpen} confirmLabel="Löschen" onConfirm={() => setOpen(false)}>
          <p>Das lässt sich nicht rückgängig machen.</p>
        </ConfirmDialog>
      ) : (
        <Dialog title="Name ändern" isOpen={open} onOpenChange={setOpen}>
          <input aria-label="Name" />
        </Dialog>
      )}
    </>
  );
}

describe.each([false, true])('a dialog (confirmation: %s)', (confirm) => {
  it('takes the focus, keeps it inside on Tab and Shift+Tab, and gives it back to the opener on Escape', async () => {
    const { user } = await renderAlone(<Opener confirm={confirm} />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    await user.tab();
    expect(document.activeElement).toBe(opener);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole(confirm ? 'alertdialog' : 'dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole(confirm ? 'alertdialog' : 'dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
