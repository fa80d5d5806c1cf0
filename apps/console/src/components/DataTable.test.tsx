import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

interface Drama {
  id: number;
  title: string;
  episodes: number;
}
const column = createColumnHelper<Drama>();
const columns = [column.accessor('title', { header: 'Title' }), column.accessor('episodes', { header: 'Episodes' })];
const DRAMAS: Drama[] = [
  { id: 1, title: 'Bravo', episodes: 30 },
  { id: 2, title: 'Alpha', episodes: 80 },
  { id: 3, title: 'Charlie', episodes: 12 },
];

const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('draws a header and a row per record, in the order given', () => {
    render(<DataTable data={DRAMAS} columns={columns} caption="Dramas" getRowId={(drama) => String(drama.id)} />);
    expect(screen.getByRole('table', { name: 'Dramas' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Episodes']);
    expect(firstColumn()).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('says an empty list in one row across the columns', () => {
    render(<DataTable data={[]} columns={columns} empty="No dramas yet." />);
    const cell = screen.getByRole('cell', { name: 'No dramas yet.' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('sorts by a header when sortable, and says how', async () => {
    const user = userEvent.setup({ delay: null });
    render(<DataTable data={DRAMAS} columns={columns} sortable />);
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(firstColumn()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Title/ }));
    expect(firstColumn()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('has no sort buttons unless sortable', () => {
    render(<DataTable data={DRAMAS} columns={columns} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
