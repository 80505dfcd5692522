import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './segmented-control';

const RANGES = [
  { id: '1T', label: '1T', title: '1 Tag' },
  { id: '1W', label: '1W', title: '1 Woche' },
  { id: '1J', label: '1J', title: '1 Jahr' },
] as const;
type Range = (typeof RANGES)[number]['id'];

function Chart() {
  const [range, setRange] = useState<Range>('1W');
  return (
    <>
      <button type="button">Vorher</button>
      <SegmentedControl<Range> label="Zeitraum" items={RANGES} selected={range} onChange={setRange} />
      <p>Gewählt: {range}</p>
      <button type="button">Danach</button>
    </>
  );
}

const checked = () => screen.getAllByRole('radio').filter((radio) => radio.getAttribute('aria-checked') === 'true').map((radio) => radio.textContent);

describe('SegmentedControl', () => {
  it('is a named radio group with the chosen option checked; a click chooses another', async () => {
    const user = userEvent.setup();
    render(<Chart />);
    expect(screen.getByRole('radiogroup', { name: 'Zeitraum' })).toBeTruthy();
    expect(checked()).toEqual(['1W']);
    await user.click(screen.getByRole('radio', { name: '1J' }));
    expect(checked()).toEqual(['1J']);
    expect(screen.getByText('Gewählt: 1J')).toBeTruthy();
  });

  it('Tab enters at the chosen option and leaves after the group; the arrows, Home and End move, Space and Enter choose', async () => {
    const user = userEvent.setup();
    render(<Chart />);
    await user.click(screen.getByRole('button', { name: 'Vorher' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1W' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1J' }));
    expect(checked()).toEqual(['1W']);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1T' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1J' }));
    await user.keyboard(' ');
    expect(checked()).toEqual(['1J']);
    await user.keyboard('{Home}{Enter}');
    expect(checked()).toEqual(['1T']);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1J' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Danach' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1T' }));
  });
});
