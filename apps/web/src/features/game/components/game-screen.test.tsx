import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameRoute } from '@/app/routes/game';
import { useChatStore } from '@/lib/chat/chat-store';
import { useGameStore } from '@/lib/live-game/game-store';
import { useClientStore } from '@/stores/client-store';
import { useServerClockStore } from '@/stores/server-clock-store';
import { useSessionStore } from '@/stores/session-store';
import { renderWithApp, serveApi, type ApiHandler } from '@test/app';
import { expectNoAxeViolations } from '@test/axe';
import { FakeShow, fakeSocket, push, resetFakeSocket, roomOf } from '@test/live-game';

vi.mock('socket.io-client', async () => (await import('@test/live-game')).socketIoClient);

// The show screen (docs/player-app.md, Screens: /game/{id}) at each stage, fed through the app's
// own socket code and live-game store by a fake server playing the show with the real engine.

const me = 'player-me';
const rival = 'player-rival';
const now = Date.UTC(2026, 10, 27, 19, 0, 0);

/** The screen at `stage` (its title), once tuned in (the first view mounts as a transition). */
async function onStage(title: string) {
  // The screen takes the stage from the live feed a render or two after the event.
  const found = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5_000 });
  await waitFor(() => expect(screen.queryByText('Tuning in to the show…')).not.toBeInTheDocument(), {
    timeout: 10_000,
  });
  return found;
}
const ticket = () => screen.getByRole('region', { name: /^Your ticket/ });

/** Answers the API and the call texts; the rest of a test's routes come in `routes`. */
function serve(show: FakeShow, routes: Record<string, ApiHandler> = {}) {
  return serveApi({
    'GET /media/calls/index.json': () => ({ body: {} }),
    'GET /api/rooms': () => ({ body: [roomOf(show)] }),
    ...routes,
  });
}

/** The show screen of `show` at /game/{id} (with a link away, as the bottom bar's logo). */
async function openShow(show: FakeShow, { preview = false } = {}) {
  const path = `/game/${show.gameUuid}${preview ? '?preview=1' : ''}`;
  const result = renderWithApp(
    <>
      <GameRoute />
      <Link to="/">Games Lobby</Link>
    </>,
    { path, route: '/game/:id' },
  );
  return result;
}

/** A show `me` holds a ticket in, with a rival, up to the green room. */
function twoPlayerShow(options: ConstructorParameters<typeof FakeShow>[0] = {}) {
  const show = new FakeShow({
    gameStartTime: new Date(now + 10 * 60_000).toISOString(),
    timings: {
      reelsMs: 5_000,
      luckyFateMs: 15_000,
      ballIntervalMs: 4_000,
      ruthlessMs: 20_000,
      revealStepMs: 3_000,
    },
    ...options,
  });
  show.me = me;
  return show.before(show.claim(me, 'Mia')).before(show.claim(rival, 'Rex')).before(show.greenRoom());
}

/** Moves the clock (and the screen's timers) on by `ms`. */
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  // The clock and the screen's tickers are the test's; promises and React's scheduler run as usual.
  vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval'] });
  resetFakeSocket();
  useGameStore.getState().reset('');
  useChatStore.getState().reset('');
  useClientStore.setState({ isPreview: false, footerSlot: null });
  useClientStore.getState().setLiveVideo({ needsUserInput: false, isSuspended: false });
  useServerClockStore.setState({ offsetMs: 0, measured: false });
  useSessionStore.setState({ playerUuid: me, accessToken: 'token-of-me' });
  window.dataLayer = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the show screen, stage by stage', { timeout: 30_000 }, () => {
  it('tunes in, then the green room: countdown, players in, the prizes, the ticket; the join is counted', async () => {
    const show = twoPlayerShow({ rolloverPence: 5_000 }).serve();
    serve(show);
    await openShow(show);
    expect(screen.getByText('Tuning in to the show…')).toBeInTheDocument();

    expect(await onStage('Green Room')).toBeInTheDocument();
    const room = screen.getByRole('region', { name: 'The Green Room' });
    expect(room).toHaveTextContent('Doors are open');
    expect(within(room).getByRole('timer', { name: 'Show starts in 10:00' })).toHaveTextContent('10:00');
    expect(room).toHaveTextContent('2 players are in');
    const prizes = within(room).getByRole('list', { name: 'Prizes' });
    expect(
      within(prizes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['One Line£10.00', 'Two Lines£25.00', 'Full House£150.00']);
    expect(room).toHaveTextContent('Includes a £50.00 rollover!');
    expect(ticket()).toHaveAccessibleName('Your ticket: 0 of 15 numbers marked');
    expect(screen.getByLabelText('Show status')).toHaveTextContent('Players2');

    // The countdown runs on the server's clock.
    await tick(61_000);
    expect(within(room).getByRole('timer')).toHaveTextContent('8:59');

    // The joinGameTime analytics event, with the game and the player.
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'joinGameTime', gameId: show.gameUuid, userId: me }),
    );
    // The app joined the game's room with no seq yet.
    expect(fakeSocket.emitted).toContainEqual(['game:join', { gameUuid: show.gameUuid, lastSeq: null }]);
    await expectNoAxeViolations();
  });

  it('the reels: the pot stays x1 while they spin, then the prize ball and the multiplier land', async () => {
    const show = twoPlayerShow().serve();
    serve(show);
    await openShow(show);
    await onStage('Green Room');

    await show.happen(show.reels());
    await onStage('Spin the Reels');
    expect(screen.getByRole('heading', { level: 2, name: 'Spin the reels!' })).toBeInTheDocument();
    expect(screen.getByText('Spinning…')).toBeInTheDocument();
    expect(screen.getByTestId('status-pot')).toHaveTextContent(/^Pot£100\.00$/);
    await expectNoAxeViolations();

    await tick(5_000);
    expect(screen.getByRole('heading', { level: 2, name: 'The reels have spoken!' })).toBeInTheDocument();
    const x = show.potMultiplier;
    expect(screen.getByText(/doubles any prize won on it/).parentElement).toHaveTextContent(
      `Prize ball ${show.prizeBall} doubles any prize won on it. Pot x${x}: £${x * 100}.00!`,
    );
    expect(screen.getByTestId('status-pot')).toHaveTextContent(
      x > 1 ? `Pot x${x}£${x * 100}.00` : 'Pot£100.00',
    );
    await expectNoAxeViolations();
  });

  it('lucky fate by keyboard: Tab to a card, Space picks it over the socket; time runs out for the rest', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).serve();
    fakeSocket.answer('game:lucky-fate', () => ({ ok: true }));
    serve(show);
    await openShow(show);
    await onStage('Spin the Reels');
    await show.happen(show.luckyFate());

    await onStage('Lucky Fate');
    expect(screen.getByText('Pick a card: x1, x2 or x3 on everything you win.')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: '15 seconds to pick' })).toHaveTextContent('15s');
    const note = `★ Prize ball ${show.prizeBall} · Pot x${show.potMultiplier}`;
    expect(
      screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === note),
    ).toBeInTheDocument();
    const cards = within(screen.getByRole('group', { name: 'Lucky-fate cards' }));
    for (const name of ['Card 1', 'Card 2', 'Card 3'])
      expect(cards.getByRole('button', { name })).toBeEnabled();
    await expectNoAxeViolations();

    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const card = cards.getByRole('button', { name: 'Card 2' });
    for (let presses = 0; presses < 30 && document.activeElement !== card; presses++) await user.tab();
    expect(card).toHaveFocus();
    await user.keyboard(' ');

    expect(await screen.findByText('Card picked! It turns over at the reveal.')).toBeInTheDocument();
    expect(fakeSocket.emitted).toContainEqual(['game:lucky-fate', { gameUuid: show.gameUuid, pick: 1 }]);
    const mine = cards.getByRole('button', { name: 'Card 2, your card' });
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(mine).toHaveTextContent('Your card');
    for (const name of ['Card 1', 'Card 3']) expect(cards.getByRole('button', { name })).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('lucky fate: no pick in time says a card is picked at random; a refused pick says why', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).serve();
    fakeSocket.answer('game:lucky-fate', () => ({ ok: false, message: 'The lucky-fate stage is over' }));
    serve(show);
    await openShow(show);
    await onStage('Spin the Reels');
    await show.happen(show.luckyFate());
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole('button', { name: 'Card 3' }));
    expect(await screen.findByText('The lucky-fate stage is over')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Card 3' })).toBeEnabled();

    await tick(15_000);
    expect(screen.getByRole('timer', { name: '0 seconds to pick' })).toHaveTextContent('0s');
    expect(screen.getByText('Time! A card is picked for you at random.')).toBeInTheDocument();
    for (const name of ['Card 1', 'Card 2', 'Card 3'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('lucky fate in a pre-game show: the card was picked with the ticket, no timer', async () => {
    const show = new FakeShow({ luckyFateMode: 'pre-game', gameStartTime: new Date(now).toISOString() });
    show.me = me;
    show
      .before(show.claim(me, 'Mia', { pick: 0 }))
      .before(show.greenRoom())
      .before(show.reels())
      .serve();
    serve(show);
    await openShow(show);
    await onStage('Spin the Reels');
    await show.happen(show.luckyFate());
    expect(screen.getByText('You picked your card when you claimed your ticket.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Card 1, your card' })).toBeDisabled();
  });

  it('the draw: the current ball with its call, the board, the ticket daubed, the near-win queue, every ball announced', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate()).serve();
    const [first, second] = show.order;
    // The call texts (/media/calls/index.json) load once a page: none here, so each call is 'Number n'.
    serve(show);
    await openShow(show);
    await onStage('Lucky Fate');
    await show.happen(show.draw());

    await onStage('Eyes Down');
    const current = screen.getByRole('region', { name: 'Current ball' });
    expect(current).toHaveTextContent('First ball coming up…');
    expect(screen.getByRole('region', { name: 'Close to One Line' })).toHaveTextContent(
      'Nobody is close yet. Eyes down!',
    );
    expect(screen.getByRole('region', { name: /^Called numbers/ })).toHaveTextContent(
      'No numbers called yet.',
    );

    // The announcer is a polite live region: a screen reader says each number as it drops.
    const announcer = screen.getByTestId('ball-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    await show.happen(show.ball());
    expect(screen.getByTestId('current-ball')).toHaveAttribute('data-ball', String(first));
    expect(current).toHaveTextContent(`Number ${first}`);
    expect(announcer.textContent).toMatch(new RegExp(`^Number ${first}\\b`));
    await show.happen(show.ball());
    expect(screen.getByTestId('current-ball')).toHaveAttribute('data-ball', String(second));
    expect(announcer.textContent).toMatch(new RegExp(`^Number ${second}\\b`));
    expect(within(current).getByRole('list', { name: 'Previous balls' })).toHaveTextContent(String(first));

    for (let i = 0; i < 4; i++) await show.happen(show.ball());
    const balls = show.order.slice(0, 6);
    const board = screen.getByRole('region', { name: 'Called numbers 6/90' });
    expect(board).toHaveTextContent(`Called so far, in order: ${balls.join(', ')}.`);
    const grid = show
      .you()!
      .ticket!.flat()
      .filter((n): n is number => n !== null);
    const marked = grid.filter((n) => balls.includes(n));
    expect(ticket()).toHaveAccessibleName(`Your ticket: ${marked.length} of 15 numbers marked`);
    for (const n of grid)
      expect(
        within(ticket()).getByRole('cell', { name: balls.includes(n) ? `${n}, marked` : String(n) }),
      ).toBeInTheDocument();
    expect(screen.getByLabelText('Show status')).toHaveTextContent('Balls6/90');
    await expectNoAxeViolations();

    // The host pauses: the ball stage says so.
    await show.happen(show.pause());
    expect(current).toHaveTextContent('Paused');
    await show.happen(show.resume());
    expect(current).not.toHaveTextContent('Paused');
  });

  it('back within the reconnect window: no join, the balls missed are shown as they are replayed', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate()).before(show.draw()).before(show.ball()).serve();
    serve(show);
    await openShow(show);
    await onStage('Eyes Down');
    const joins = () => fakeSocket.emitted.filter(([event]) => event === 'game:join').length;
    expect(joins()).toBe(1);

    fakeSocket.connected = false;
    await push('disconnect', 'transport close');
    expect(await screen.findByText('Reconnecting…', { exact: false })).toBeInTheDocument();

    // Socket.IO recovered the session: the server kept its rooms and replays what it missed.
    await act(async () => {
      fakeSocket.connect({ recovered: true });
      await Promise.resolve();
    });
    expect(screen.queryByText('Reconnecting…', { exact: false })).not.toBeInTheDocument();
    await show.happen(show.ball());
    expect(screen.getByTestId('current-ball')).toHaveAttribute('data-ball', String(show.order[1]));
    expect(joins()).toBe(1);

    // Not recovered (the window passed, or the process forgot it): the screen joins again.
    fakeSocket.connected = false;
    await push('disconnect', 'transport close');
    await act(async () => {
      fakeSocket.connect();
      await Promise.resolve();
    });
    expect(joins()).toBe(2);
    expect(fakeSocket.emitted.filter(([event]) => event === 'game:join').at(-1)?.[1]).toMatchObject({
      lastSeq: show.messages.at(-1)!.seq,
    });
  });

  it('the draw opened mid-way (a reload): the current ball is the last one drawn, at rest, before any new ball', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate()).before(show.draw());
    for (let i = 0; i < 5; i++) show.before(show.ball());
    show.serve();
    const [, , third, fourth, fifth] = show.order;
    serve(show);
    await openShow(show);
    await onStage('Eyes Down');

    const current = screen.getByRole('region', { name: 'Current ball' });
    const ball = within(current).getByTestId('current-ball');
    expect(ball).toHaveAttribute('data-ball', String(fifth));
    expect(ball).toHaveTextContent(String(fifth));
    expect(current).toHaveTextContent(`Number ${fifth}`);
    // Already drawn, it is shown where it lies: no drop from above the panel that might not play.
    expect(ball).not.toHaveAttribute('data-drop');
    const previous = within(current).getByRole('list', { name: 'Previous balls' });
    for (const earlier of [fourth, third]) expect(previous).toHaveTextContent(String(earlier));

    // The next ball, live, drops in.
    await show.happen(show.ball());
    expect(within(current).getByTestId('current-ball')).toHaveAttribute('data-ball', String(show.order[5]));
    expect(within(current).getByTestId('current-ball')).toHaveAttribute('data-drop');
  });

  it('the draw: a prize won is bannered for a few seconds; the near-win queue names who is close', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show
      .before(show.draw())
      .ballsBefore((state) => state.index !== null && state.index.oneToGo.length > 0)
      .serve();
    serve(show);
    await openShow(show);
    await onStage('Eyes Down');
    const queue = screen.getByRole('region', { name: 'Close to One Line' });
    const entries = within(queue)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toContainEqual(expect.stringMatching(/^1(You|Rex)1 to go$/));

    while (show.state.awards.length === 0) await show.happen(show.ball());
    const award = show.state.awards[0]!;
    const banner = screen.getByRole('alert');
    const mine = award.winners.some((w) => w.playerId === me);
    expect(banner).toHaveTextContent(mine ? 'You won!' : 'We have a winner');
    expect(banner).toHaveTextContent('One Line!');
    expect(banner).toHaveTextContent(`£${(award.amountPence / 100).toFixed(2)}`);
    await expectNoAxeViolations();
    await tick(5_000);
    expect(screen.queryByTestId('prize-banner')).not.toBeInTheDocument();
  });

  it('the final as a finalist: the pot, the counter, who has chosen, the slider', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless()).serve();
    serve(show);
    await openShow(show);
    await onStage('The Final');
    const final = screen.getByRole('region', { name: 'Share or Steal?' });
    const pot = show.state.final!.potPence;
    expect(screen.getByTestId('final-pot')).toHaveTextContent(`The pot£${(pot / 100).toFixed(2)}`);
    expect(within(final).getByRole('timer', { name: '20 seconds left to choose' })).toHaveTextContent('20');
    const finalists = within(final).getByRole('list', { name: 'Finalists' });
    expect(finalists).toHaveTextContent('You');
    expect(finalists).toHaveTextContent('Rex');
    expect(within(finalists).getAllByText('… Thinking')).toHaveLength(2);
    // The full house is still bannered as the final opens, as a ribbon that leaves the pot in sight.
    expect(screen.getByTestId('prize-banner')).toHaveTextContent(`Full House!`);
    expect(screen.getByTestId('prize-banner')).toHaveTextContent(
      `Pot £${(pot / 100).toFixed(2)}: on to the final!`,
    );
    expect(screen.getByTestId('choice-note')).toHaveTextContent(
      'Drag left to SHARE the pot, right to STEAL it. No choice: your profile default is used.',
    );
    await expectNoAxeViolations();

    // The choice itself (the slider by keyboard and pointer, sent over the socket or REST, offline)
    // is share-steal-slider.test.tsx's and e2e/game-offline.spec.ts's.
    expect(screen.getByRole('slider', { name: 'Share or steal' })).toBeInTheDocument();
    await show.happen(show.choose(rival, 'share'));
    expect(within(finalists).getByText('✓ Chosen')).toBeInTheDocument();
  });

  it('the final as a spectator: the finalists choose in secret', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless());
    show.me = null;
    show.serve();
    serve(show);
    await openShow(show);
    await onStage('The Final');
    expect(
      screen.getByText('The finalists are choosing in secret. Will they share, or steal the lot?'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.getByText('You are watching: no ticket for this show.')).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('the reveal, one beat at a time: each choice, each lucky-fate card, then the outcome and the winnings', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless());
    show.before(show.choose(me, 'share')).before(show.choose(rival, 'share')).serve();
    serve(show);
    await openShow(show);
    await onStage('The Final');
    await show.happen(show.reveal());

    await onStage('The Reveal');
    const choices = screen.getByRole('list', { name: 'Choices' });
    expect(choices).toHaveTextContent('You chose to share');
    expect(choices).not.toHaveTextContent('Rex chose to');
    expect(screen.queryByRole('list', { name: 'Winnings' })).not.toBeInTheDocument();
    await tick(3_000);
    expect(choices).toHaveTextContent('Rex chose to share');
    await tick(3 * 3_000);
    expect(screen.getByText('Everyone shared!')).toBeInTheDocument();
    const winnings = screen.getByRole('list', { name: 'Winnings' });
    expect(within(winnings).getAllByRole('listitem')).toHaveLength(show.state.result!.payouts.length);
    expect(screen.getByRole('list', { name: 'Lucky-fate cards' })).toHaveTextContent(/x[123]card [123]/);
    await expectNoAxeViolations();
  });

  it('the reveal and the results say a default as a default, never as a choice', async () => {
    const show = new FakeShow({
      gameStartTime: new Date(now + 10 * 60_000).toISOString(),
      timings: { ruthlessMs: 20_000, revealStepMs: 3_000 },
    });
    show.me = me;
    show.before(show.claim(me, 'Mia')).before(show.claim(rival, 'Rex', { defaultChoice: 'steal' }));
    show.before(show.greenRoom()).before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless());
    // Mia chooses; Rex lets the counter run out and his profile's STEAL is played.
    show.before(show.choose(me, 'share')).serve();
    serve(show, { 'GET /api/games/:id/results': () => ({ body: show.results() }) });
    await openShow(show);
    await onStage('The Final');
    await tick(20_500);
    await show.happen(show.reveal());

    await onStage('The Reveal');
    const choices = screen.getByRole('list', { name: 'Choices' });
    await tick(3_000);
    expect(choices).toHaveTextContent('You chose to share');
    expect(choices).toHaveTextContent("Rex's default: steal");
    expect(choices).not.toHaveTextContent('Rex chose to');
    await show.happen(show.end());

    await onStage('That’s the Show');
    expect(
      await within(screen.getByRole('region', { name: 'Winnings' })).findByText(
        'Ruthless! The stealers take the pot',
      ),
    ).toBeInTheDocument();
    const ended = screen.getByRole('list', { name: 'Choices' });
    expect(ended).toHaveTextContent("Rex's default: steal");
    expect(ended).not.toHaveTextContent('Rex chose to');
    expect(screen.queryByTestId('never-sent-note')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('a choice tapped offline in the final and never sent: back after the counter, the results say the default was played', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless()).serve();
    const api = serve(show, { 'GET /api/games/:id/results': () => ({ body: show.results() }) });
    await openShow(show);
    await onStage('The Final');

    // The line drops; STEAL is tapped meanwhile, and waits.
    fakeSocket.connected = false;
    await push('disconnect', 'transport close');
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole('button', { name: 'Steal' }));
    expect(screen.getByTestId('choice-note')).toHaveTextContent(
      'Your STEAL is not sent yet: it goes as soon as you are back online.',
    );

    // The counter runs out while the phone is away: Mia's profile default (SHARE) is played.
    await tick(20_500);
    show.before(show.reveal()).before(show.end());
    await act(async () => {
      fakeSocket.connect();
      await Promise.resolve();
    });

    await onStage('That’s the Show');
    expect(
      await within(screen.getByRole('region', { name: 'Winnings' })).findByText('Everyone shared!'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('never-sent-note')).toHaveTextContent(
      'Your STEAL was never sent: you were offline when the counter reached 0, so your default, SHARE, was played.',
    );
    expect(screen.getByRole('list', { name: 'Choices' })).toHaveTextContent('Your default: share');
    // Too late to go: neither over the socket nor over REST.
    expect(fakeSocket.emitted.filter(([event]) => event === 'game:choice')).toEqual([]);
    expect(api.callsTo('POST', `/api/games/${show.gameUuid}/choice`)).toEqual([]);
    await expectNoAxeViolations();
  });

  it('the results: my winnings, every player, the prizes on their balls, the check of the draw, off air', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless());
    show.before(show.choose(me, 'steal')).before(show.choose(rival, 'share')).before(show.reveal()).serve();
    const api = serve(show, {
      'GET /api/games/:id/results': () => ({ body: show.results() }),
      'GET /api/games/:id/events': () => ({ body: show.eventLog() }),
    });
    await openShow(show);
    await onStage('The Reveal');
    await show.happen(show.end());

    await onStage('That’s the Show');
    const results = show.results();
    const mine = results.payouts.find((p) => p.playerId === me)!.pence;
    expect(await screen.findByText('You won')).toBeInTheDocument();
    expect(screen.getByText('You won').parentElement).toHaveTextContent(`£${(mine / 100).toFixed(2)}`);
    expect(
      within(screen.getByRole('region', { name: 'Winnings' })).getByText(
        'Ruthless! The stealers take the pot',
      ),
    ).toBeInTheDocument();
    const everyone = screen.getByRole('list', {
      name: 'Every player\u2019s winnings'.replace('\u2019', "'"),
    });
    expect(everyone).toHaveTextContent('Mia (you)');
    const rexWon = results.payouts.find((p) => p.playerId === rival)!.pence;
    expect(everyone).toHaveTextContent(
      `Mia (you)£${(mine / 100).toFixed(2)}Rex£${(rexWon / 100).toFixed(2)}`,
    );
    // The ball a prize was won on, said as a ball.
    const prizes = within(screen.getByRole('list', { name: 'Prizes won' })).getAllByRole('listitem');
    expect(prizes).toHaveLength(results.winners.length);
    for (const prize of prizes) expect(prize).toHaveTextContent(/ on ball \d+/);
    expect(screen.getByRole('link', { name: 'Watch again' })).toHaveAttribute(
      'href',
      `/game/${show.gameUuid}/replay`,
    );
    expect(screen.getByText('Free test event: no money moves.')).toBeInTheDocument();
    // The demo's studio loop says LIVE: it stops behind the end card.
    expect(screen.getByTestId('off-air-card')).toHaveTextContent('That’s the show!');
    expect(screen.getByTestId('host-video')).toHaveProperty('paused', true);
    await expectNoAxeViolations();

    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(screen.getByRole('link', { name: 'Check this draw' }));
    const verified = await screen.findByTestId('verify-draw');
    expect(api.callsTo('GET', `/api/games/${show.gameUuid}/events`)).toHaveLength(1);
    expect(verified).toHaveAttribute('data-verified', 'true');
    expect(verified).toHaveTextContent(`Draw verified: all ${show.events.length} events of the stored log`);
    await expectNoAxeViolations();
  });

  it('the check of the draw catches a log that does not follow from the seed', async () => {
    const show = twoPlayerShow();
    show.before(show.reels()).before(show.luckyFate());
    show.before(show.draw()).ballsBefore().before(show.ruthless());
    show
      .before(show.choose(me, 'share'))
      .before(show.choose(rival, 'share'))
      .before(show.reveal())
      .before(show.end());
    show.serve();
    const log = show.eventLog();
    const at = log.events.findIndex((event) => event.type === 'ball-called');
    const first = log.events[at] as { type: 'ball-called'; at: number; ball: number };
    const tampered = {
      ...log,
      events: log.events.with(at, { ...first, ball: first.ball === 90 ? 89 : first.ball + 1 }),
    };
    serve(show, {
      'GET /api/games/:id/results': () => ({ body: show.results() }),
      'GET /api/games/:id/events': () => ({ body: tampered }),
    });
    await openShow(show);
    await userEvent
      .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
      .click(await screen.findByRole('link', { name: 'Check this draw' }));
    const verdict = await screen.findByTestId('verify-draw');
    expect(verdict).toHaveAttribute('data-verified', 'false');
    expect(within(verdict).getByRole('alert')).toHaveTextContent('Mismatch: Ball 1 is');
  });

  it('a cancelled show says so; a refused join says why with the way back', async () => {
    const show = twoPlayerShow().serve();
    serve(show);
    const view = await openShow(show);
    await onStage('Green Room');
    await show.happen(show.cancel());
    await onStage('Show Cancelled');
    expect(screen.getByText('This show has been cancelled')).toBeInTheDocument();
    expect(screen.getByText('Your ticket has been released. See you at the next one!')).toBeInTheDocument();
    view.unmount();

    const refused = new FakeShow().serve({ refuse: 'This game does not exist' });
    serve(refused);
    await openShow(refused);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Can’t join this show');
    expect(alert).toHaveTextContent('This game does not exist');
    expect(within(alert).getByRole('link', { name: 'Back to the lobby' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations();
  });
});
