import { describe, expect, it } from 'vitest';
import { DataError, dataErrorFromAnswer, isDataError, memberInMessage } from '../../../src/protocol';

describe('DataError', () => {
  it('types each failing status', () => {
    expect(dataErrorFromAnswer(403, { error: 'Invalid token' }).kind).toBe('unauthorized');
    expect(dataErrorFromAnswer(401, 'nope').kind).toBe('unauthorized');
    expect(dataErrorFromAnswer(504, {}).kind).toBe('timeout');
    expect(dataErrorFromAnswer(500, { error: 'boom' }).kind).toBe('server');
    expect(dataErrorFromAnswer(429, { error: 'slow down' }).kind).toBe('server');
    const bad = dataErrorFromAnswer(400, { error: "'orders.nope' not found for path 'orders.nope'" }, [
      'orders.revenue',
      'orders.nope',
    ]);
    expect(bad).toMatchObject({ kind: 'bad-query', member: 'orders.nope', status: 400 });
    expect(bad.message).toContain('orders.nope');
  });

  it('names the longest query member a message mentions, else a quoted one', () => {
    expect(
      memberInMessage('Unknown member orders.createdAt.month', ['orders.createdAt', 'orders.createdAt.month']),
    ).toBe('orders.createdAt.month');
    expect(memberInMessage('Cube "stock.level" not found')).toBe('stock.level');
    expect(memberInMessage('Query is malformed')).toBeUndefined();
  });

  it('keeps messages short and says which failures are worth a retry', () => {
    const long = dataErrorFromAnswer(500, { error: 'x'.repeat(10_000) });
    expect(long.message.length).toBeLessThanOrEqual(500);
    expect(dataErrorFromAnswer(502, null).message).toBe('the data API answered 502');
    expect(new DataError('network', 'down').retryable).toBe(true);
    expect(new DataError('timeout', 'slow').retryable).toBe(true);
    expect(new DataError('bad-query', 'bad').retryable).toBe(false);
    expect(new DataError('unauthorized', 'no').retryable).toBe(false);
    expect(isDataError(new DataError('server', 's'))).toBe(true);
    expect(isDataError(new Error('s'))).toBe(false);
  });
});
