import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formMessage } from './form-message';

const refusal = (message: string) => new ApiError(message, { status: 400 });

describe('formMessage', () => {
  it("names the console form's labels instead of the API's fields", () => {
    expect(formMessage(refusal('gameStartTime must be in the future'))).toBe('Start must be in the future');
    expect(formMessage(refusal('prizes.oneLine cannot be negative'))).toBe('One line (£) cannot be negative');
    expect(formMessage(refusal('maxTickets must be at least 1'))).toBe('Max tickets must be at least 1');
    expect(formMessage(refusal('everyMinutes must be at least 5'))).toBe(
      'Every (minutes) must be at least 5',
    );
    expect(formMessage(refusal('weekdays are 1 (Monday) to 7 (Sunday)'))).toBe(
      'Weekdays are 1 (Monday) to 7 (Sunday)',
    );
  });

  it('says seconds where the form asks seconds', () => {
    expect(formMessage(refusal('reelsMs must be at least 100 ms'))).toBe('Reels (s) must be at least 0.1 s');
    expect(formMessage(refusal('ballIntervalMs must be a number of milliseconds'))).toBe(
      'Ball interval (s) must be a number of seconds',
    );
  });

  it('leaves a message without field names as it is', () => {
    expect(formMessage(refusal('The room image must be a PNG, JPEG or WebP picture.'))).toBe(
      'The room image must be a PNG, JPEG or WebP picture.',
    );
    expect(formMessage(refusal('Room name can be at most 40 characters'))).toBe(
      'Room name can be at most 40 characters',
    );
  });
});
