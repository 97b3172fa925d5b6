import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TicketCard } from './ticket-card';

/** A 90-ball ticket: three rows of nine columns, five numbers a row. */
const grid = [
  [4, null, 21, null, 43, null, 62, null, 85],
  [null, 12, null, 37, null, 55, null, 78, 89],
  [8, 17, null, 39, 48, null, 66, null, null],
];

function renderTicket(called: number[], options: Partial<Parameters<typeof TicketCard>[0]> = {}) {
  return render(
    <TicketCard
      grid={grid}
      called={new Set(called)}
      lastBall={called.at(-1) ?? null}
      prizeBall={null}
      currentPrize="one-line"
      {...options}
    />,
  );
}

/** The cells as a player hears them, row by row: "21, marked", "43", "blank". */
const cellNames = () =>
  within(screen.getByRole('table', { name: 'Ticket numbers' }))
    .getAllByRole('cell')
    .map((cell) => cell.getAttribute('aria-label'));

describe('TicketCard', () => {
  it('marks exactly the called numbers on the ticket and says how many of 15', () => {
    // 50 and 90 are called but not on this ticket.
    renderTicket([21, 50, 55, 8, 90]);

    expect(screen.getByRole('region', { name: 'Your ticket: 3 of 15 numbers marked' })).toBeInTheDocument();
    const marked = screen.getAllByRole('cell', { name: /, marked$/ });
    expect(marked.map((cell) => cell.textContent)).toEqual(['21', '55', '8']);
    expect(screen.getByRole('cell', { name: '43' })).toBeInTheDocument();
    expect(cellNames().filter((name) => name === 'blank')).toHaveLength(12);
  });

  it('marks nothing before the first ball', () => {
    renderTicket([]);
    expect(screen.getByRole('region', { name: 'Your ticket: 0 of 15 numbers marked' })).toBeInTheDocument();
    expect(screen.queryAllByRole('cell', { name: /marked/ })).toEqual([]);
    expect(screen.getByText('5 to go · One Line')).toBeInTheDocument();
  });

  it('counts the numbers to go on the best row for one line', () => {
    // Row three has 8, 17 and 39 called: two to go.
    renderTicket([8, 17, 39, 4]);
    expect(screen.getByText('2 to go · One Line')).toBeInTheDocument();
  });

  it('counts the two best rows for two lines, and all fifteen for a full house', () => {
    const called = [8, 17, 39, 48, 4, 21, 43];
    const { rerender } = renderTicket(called, { currentPrize: 'two-lines' });
    // Row three: 1 left; row one: 2 left.
    expect(screen.getByText('3 to go · Two Lines')).toBeInTheDocument();

    rerender(
      <TicketCard
        grid={grid}
        called={new Set(called)}
        lastBall={43}
        prizeBall={null}
        currentPrize="full-house"
      />,
    );
    expect(screen.getByText('8 to go · Full House')).toBeInTheDocument();
  });

  it('calls the prize by name once its rows are all marked', () => {
    renderTicket([12, 37, 55, 78, 89]);
    expect(screen.getByText('One Line!')).toBeInTheDocument();
    expect(screen.queryByText(/to go/)).not.toBeInTheDocument();
  });

  it('shows no count when no prize is being played for, and the ticket number when given', () => {
    renderTicket([4], { currentPrize: null, ticketIndex: 1 });
    expect(screen.queryByText(/to go/)).not.toBeInTheDocument();
    expect(screen.getByText('#2')).toBeInTheDocument();
  });
});
