import { roomAnalyticsSchema, type RoomAnalytics } from '@ruthless/protocol/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { GAME, hostRoom, ROOM, stubCanvas, tokenWith } from '@test/host';
import { formatStart } from '@/features/host/utils/time';
import { RoomAnalyticsScreen } from './room-analytics-screen';

// A room's weeks (/host/rooms/:roomUuid/analytics): its shows week by week, the period chosen.

const week = (weekStart: string, overrides: Partial<RoomAnalytics['weeks'][number]> = {}) => ({
  weekStart,
  shows: 0,
  uniquePlayers: 0,
  returningPlayers: 0,
  retention: null,
  averagePlayers: 0,
  peakPlayers: 0,
  allStealShows: 0,
  finals: 0,
  rolloversCarried: 0,
  rolloverPence: 0,
  ...overrides,
});

const figures = (overrides: Partial<RoomAnalytics> = {}): RoomAnalytics =>
  roomAnalyticsSchema.parse({
    roomUuid: ROOM,
    followers: 42,
    timeZone: 'UTC',
    weeks: [
      week('2026-11-09T00:00:00.000Z', {
        shows: 2,
        uniquePlayers: 3,
        finals: 2,
        allStealShows: 1,
        averagePlayers: 2,
        peakPlayers: 3,
      }),
      week('2026-11-16T00:00:00.000Z', {
        shows: 1,
        uniquePlayers: 2,
        returningPlayers: 1,
        retention: 0.5,
        averagePlayers: 2,
        peakPlayers: 2,
        finals: 1,
        rolloversCarried: 1,
        rolloverPence: 10000,
      }),
    ],
    busiestStartTimes: [{ hour: 19, shows: 3, averagePlayers: 2 }],
    shows: [{ gameUuid: GAME, gameStartTime: '2026-11-20T19:00:00.000Z', players: 2 }],
    ...overrides,
  });

const stat = (label: string) =>
  within(screen.getByRole('group', { name: 'Headline figures' })).getByText(label, { exact: true })
    .parentElement!;
const tableRows = (title: string) =>
  within(screen.getByRole('table', { name: title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

// Long for a component test: each renders a whole screen and runs axe on it, seconds on a loaded
// two-core machine.
describe('RoomAnalyticsScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    useSessionStore.setState({ accessToken: tokenWith({ role: 'host' }) });
    stubCanvas();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSessionStore.getState().reset();
  });

  it('reads the room’s weeks: totals, each week’s players, and a link to each show’s figures', async () => {
    const api = serveApi({
      'GET /api/host/rooms': () => ({ body: { rooms: [hostRoom()] } }),
      'GET /api/host/analytics/rooms/:roomUuid': () => ({ body: figures() }),
    });
    renderWithApp(<RoomAnalyticsScreen />, {
      path: `/host/rooms/${ROOM}/analytics`,
      route: '/host/rooms/:roomUuid/analytics',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ruby Rush: weeks' })).toBeInTheDocument();
    await waitFor(() => expect(stat('Shows run')).toHaveTextContent('3'));
    expect(stat('All-steal rate')).toHaveTextContent('33%');
    expect(stat('Rollovers carried')).toHaveTextContent('1');
    expect(stat('Busiest start')).toHaveTextContent('19:00');
    expect(stat('Followers')).toHaveTextContent('42');
    expect(tableRows('Players per week')).toEqual([
      ['9 Nov 2026', '2', '3', '0', '–'],
      ['16 Nov 2026', '1', '2', '1', '50%'],
    ]);
    expect(tableRows('Finals and rollovers').at(-1)).toEqual(['16 Nov 2026', '1', '0', '0%', '1', '£100.00']);
    expect(tableRows('Busiest start times (UTC)')).toEqual([['19:00', '3', '2']]);
    expect(screen.getByRole('link', { name: formatStart('2026-11-20T19:00:00.000Z') })).toHaveAttribute(
      'href',
      `/host/games/${GAME}/analytics`,
    );
    expect(api.callsTo('GET', `/api/host/analytics/rooms/${ROOM}`)[0]!.query.get('weeks')).toBe('12');
    await expectNoAxeViolations();

    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Period' }), '4 weeks');
    await waitFor(() => expect(api.callsTo('GET', `/api/host/analytics/rooms/${ROOM}`)).toHaveLength(2));
    expect(api.callsTo('GET', `/api/host/analytics/rooms/${ROOM}`)[1]!.query.get('weeks')).toBe('4');
  });

  it('says when no show ended in the period', async () => {
    serveApi({
      'GET /api/host/rooms': () => ({ body: { rooms: [hostRoom()] } }),
      'GET /api/host/analytics/rooms/:roomUuid': () => ({
        body: figures({ weeks: [week('2026-11-16T00:00:00.000Z')], busiestStartTimes: [], shows: [] }),
      }),
    });
    renderWithApp(<RoomAnalyticsScreen />, {
      path: `/host/rooms/${ROOM}/analytics`,
      route: '/host/rooms/:roomUuid/analytics',
    });
    expect(await screen.findAllByText('No show ended in this period.')).toHaveLength(2);
    expect(stat('All-steal rate')).toHaveTextContent('–');
    expect(stat('Busiest start')).toHaveTextContent('–');
  });

  it('a period of twelve weeks with one week of four shows: Players per show draws that week; the axes say "Mon 16 Nov", never US dates', async () => {
    const canvas = stubCanvas();
    const weeks = Array.from({ length: 12 }, (_, i) =>
      week(new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString()),
    );
    weeks[10] = week('2026-11-16T00:00:00.000Z', {
      shows: 4,
      uniquePlayers: 5,
      averagePlayers: 4,
      peakPlayers: 5,
      finals: 4,
    });
    serveApi({
      'GET /api/host/rooms': () => ({ body: { rooms: [hostRoom()] } }),
      'GET /api/host/analytics/rooms/:roomUuid': () => ({ body: figures({ weeks }) }),
    });
    renderWithApp(<RoomAnalyticsScreen />, {
      path: `/host/rooms/${ROOM}/analytics`,
      route: '/host/rooms/:roomUuid/analytics',
    });
    expect(await screen.findByRole('table', { name: 'Players per show' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-chart] canvas')).toHaveLength(2));
    // The lone week's average and peak, each a dot: a line needs two points to draw anything.
    expect(canvas.dots()).toBeGreaterThanOrEqual(2);
    expect(canvas.texts).toContain('Mon 16 Nov');
    expect(canvas.texts.filter((text) => /\d+\/\d+|[ap]m$/i.test(text))).toEqual([]);
  });
});
