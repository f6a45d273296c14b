import type { Clock } from '../../../src/clock.js';

/** A clock the test moves by hand: expiry and lockout windows without waiting. */
export class TestClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
