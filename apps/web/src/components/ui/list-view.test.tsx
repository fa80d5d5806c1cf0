import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { ListView } from './list-view';

function Paged({ total, pageSize = 20 }: { total: number; pageSize?: number }) {
  const all = Array.from({ length: total }, (_, i) => `item ${i + 1}`);
  const [shown, setShown] = useState(Math.min(pageSize, total));
  return (
    <ListView
      items={all.slice(0, shown)}
      itemKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      hasMore={shown < total}
      onLoadMore={() => setShown((n) => Math.min(n + pageSize, total))}
    />
  );
}

describe('ListView: "No records." when empty, load-more, no "no more" row', () => {
  it('shows "No records." when empty', () => {
    render(<ListView items={[]} itemKey={(_, i) => i} renderItem={() => null} />);
    expect(screen.getByText('No records.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads more until the last page, then the button disappears without a "no more" row', async () => {
    render(<Paged total={45} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByText(/no more/i)).toBeNull();
    expect(document.body.textContent).not.toMatch(/no more/i);
  });
});
