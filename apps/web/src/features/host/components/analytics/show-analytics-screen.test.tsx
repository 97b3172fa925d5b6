import type { ShowAnalytics } from '@ruthless/protocol/analytics';
import { showAnalyticsSchema } from '@ruthless/protocol/analytics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { captureDownloads, GAME, ROOM, stubCanvas, tokenWith } from '@test/host';
import { formatClock, formatStart } from '@/features/host/utils/time';
import { ShowAnalyticsScreen } from './show-analytics-screen';

// One played show's figures (/host/games/:gameUuid/analytics): the headline numbers, each chart
// with its table, and every table as CSV.

const START = '2026-11-20T19:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

const figures = (overrides: Partial<ShowAnalytics> = {}): ShowAnalytics =>
  showAnalyticsSchema.parse({
    gameUuid: GAME,
    roomUuid: ROOM,
    gameStartTime: START,
    state: 'ended',
    players: 2,
    viewers: [
      { at: at(0), viewers: 1 },
      { at: at(1), viewers: 2 },
    ],
    peakViewers: 2,
    reconnects: 1,
    ticketsClaimed: [
      { at: at(-10), tickets: 1 },
      { at: at(-5), tickets: 2 },
    ],
    wins: [
      { prize: 'one-line', ballsCalled: 9, secondsFromDrawStart: 2.25, winners: 1, amountPence: 1000 },
      { prize: 'two-lines', ballsCalled: 20, secondsFromDrawStart: 5, winners: 1, amountPence: 2500 },
      { prize: 'full-house', ballsCalled: 41, secondsFromDrawStart: 10.4, winners: 2, amountPence: 10000 },
    ],
    final: {
      outcome: 'some-steal',
      finalists: 2,
      shared: 1,
      stole: 1,
      defaultedToShare: 0,
      defaultedToSteal: 0,
    },
    chat: [{ minute: at(0), messages: 3, deleted: 1, mutes: 1 }],
    money: { potPence: 20000, paidPence: 33500, paidTickets: 2, rolloverInPence: 0, rolloverOutPence: 0 },
    ...overrides,
  });

/** The headline figure labelled `label` (its number and its label, one element). */
const stat = (label: string) =>
  within(screen.getByRole('group', { name: 'Headline figures' })).getByText(label, { exact: true })
    .parentElement!;

/** The body rows of the table captioned `title`, as text cells. */
const tableRows = (title: string) =>
  within(screen.getByRole('table', { name: title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

function renderShow() {
  renderWithApp(<ShowAnalyticsScreen />, {
    path: `/host/games/${GAME}/analytics`,
    route: '/host/games/:gameUuid/analytics',
  });
}

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('ShowAnalyticsScreen', { timeout: 30_000 }, () => {
  let canvas: ReturnType<typeof stubCanvas>;
  beforeEach(() => {
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    canvas = stubCanvas();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSessionStore.getState().reset();
  });

  it('reads a played show’s headline figures and each table, a chart beside each', async () => {
    serveApi({ 'GET /api/host/analytics/games/:gameUuid': () => ({ body: figures() }) });
    renderShow();
    expect(screen.getByText('Loading the show’s figures…')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: `Show of ${formatStart(START)}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The room’s weeks' })).toHaveAttribute(
      'href',
      `/host/rooms/${ROOM}/analytics`,
    );
    expect(stat('Players')).toHaveTextContent('2');
    expect(stat('Peak viewers')).toHaveTextContent('2');
    expect(stat('Reconnects')).toHaveTextContent('1');
    expect(stat('Chat messages')).toHaveTextContent('3');
    expect(stat('Pot')).toHaveTextContent('£200.00');
    expect(stat('Paid out')).toHaveTextContent('£335.00');

    expect(tableRows('Time to each win')).toEqual([
      ['One line', '9', '2.3', '1', '£10.00'],
      ['Two lines', '20', '5.0', '1', '£25.00'],
      ['Full house', '41', '10.4', '2', '£100.00'],
    ]);
    expect(tableRows('The final’s choices')).toEqual([['Some stole', '2', '1', '1', '0', '0']]);
    expect(tableRows('Tickets claimed over time')).toEqual([
      [formatClock(at(-10)), '1'],
      [formatClock(at(-5)), '2'],
    ]);
    expect(tableRows('Viewers over time').at(-1)).toEqual([formatClock(at(1)), '2']);
    expect(tableRows('Chat per minute')).toEqual([[formatClock(at(0)), '3', '1', '1']]);
    expect(tableRows('Pot and payouts')).toEqual([['£200.00', '£335.00', '2', '£0.00', '£0.00']]);
    // A chart for each series over time, hidden from screen readers (its numbers are the table's).
    const charts = document.querySelectorAll('[data-chart]');
    expect(charts).toHaveLength(3);
    for (const chart of charts) expect(chart).toHaveAttribute('aria-hidden', 'true');
    // Their times are the console's: a 24-hour clock ('21:14'), never '9:15pm' nor '11/27/26'.
    expect(canvas.texts.some((text) => /^\d{2}:\d{2}$/.test(text))).toBe(true);
    expect(canvas.texts.filter((text) => /\d+\/\d+|[ap]m$/i.test(text))).toEqual([]);
    await expectNoAxeViolations();
  });

  it('exports a table as a CSV file named for the show', async () => {
    serveApi({ 'GET /api/host/analytics/games/:gameUuid': () => ({ body: figures() }) });
    const downloads = captureDownloads();
    renderShow();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Export Time to each win as CSV' }));

    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.fileName).toBe(`ruthless-show-${GAME.slice(0, 8)}-wins.csv`);
    expect(await downloads[0]!.text()).toBe(
      [
        'Prize,Balls called,Seconds from the draw,Winners,Amount',
        'One line,9,2.3,1,£10.00',
        'Two lines,20,5.0,1,£25.00',
        'Full house,41,10.4,2,£100.00',
        '',
      ].join('\r\n'),
    );
  });

  it('splits the defaults by what they were, on screen and in the CSV: a default is not a choice', async () => {
    // Nobody chose: one default was share, one steal. "Some stole" is then read beside who did.
    const final = {
      outcome: 'some-steal' as const,
      finalists: 2,
      shared: 0,
      stole: 0,
      defaultedToShare: 1,
      defaultedToSteal: 1,
    };
    serveApi({ 'GET /api/host/analytics/games/:gameUuid': () => ({ body: figures({ final }) }) });
    const downloads = captureDownloads();
    renderShow();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Export The final’s choices as CSV' }));
    expect(tableRows('The final’s choices')).toEqual([['Some stole', '2', '0', '0', '1', '1']]);
    expect(
      within(screen.getByRole('table', { name: 'The final’s choices' }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Outcome', 'Finalists', 'Shared', 'Stole', 'Defaulted to share', 'Defaulted to steal']);
    expect(downloads[0]!.fileName).toBe(`ruthless-show-${GAME.slice(0, 8)}-final.csv`);
    expect(await downloads[0]!.text()).toBe(
      [
        'Outcome,Finalists,Shared,Stole,Defaulted to share,Defaulted to steal',
        'Some stole,2,0,0,1,1',
        '',
      ].join('\r\n'),
    );
    await expectNoAxeViolations();
  });

  it('says what a show without a final, wins, chat or viewers did not have, with nothing to export', async () => {
    serveApi({
      'GET /api/host/analytics/games/:gameUuid': () => ({
        body: figures({ viewers: [], peakViewers: 0, wins: [], final: null, chat: [], ticketsClaimed: [] }),
      }),
    });
    renderShow();
    expect(await screen.findByText('No final yet.')).toBeInTheDocument();
    expect(screen.getByText('No prize was won.')).toBeInTheDocument();
    expect(screen.getByText('Nobody chatted.')).toBeInTheDocument();
    expect(screen.getByText('No viewers were sampled.')).toBeInTheDocument();
    expect(screen.getByText('No tickets were claimed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export The final’s choices as CSV' })).toBeDisabled();
    expect(stat('Chat messages')).toHaveTextContent('0');
    await expectNoAxeViolations();
  });

  it('says why the figures could not be read', async () => {
    serveApi({
      'GET /api/host/analytics/games/:gameUuid': () => ({
        status: 404,
        body: { code: 'analytics/not-found', message: 'No such show.' },
      }),
    });
    renderShow();
    expect(await screen.findByText('No such show.')).toBeInTheDocument();
  });
});
