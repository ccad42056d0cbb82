import { describe, expect, it } from 'vitest';
import {
  isInvalidValue,
  memberFormatter,
  numberValue,
  timeValue,
  type MemberFormatInfo,
} from '../../../src/react/native/data/member-format';

const money = (currency: string): MemberFormatInfo => ({ type: 'number', format: 'currency', currency });
const number: MemberFormatInfo = { type: 'number' };
const time: MemberFormatInfo = { type: 'time' };

describe('memberFormatter never throws while drawing', () => {
  it('draws a currency code Intl refuses as a plain number', () => {
    for (const code of ['XXXXX', '<b>', '', 'E U R', '€']) {
      const format = memberFormatter(money(code));
      expect(format('1234.5')).toBe('1,234.5');
      expect(format('1234.5', 'axis')).toBe('1,234.5');
      expect(format(1_234_567, 'axis')).toBe('1.2M');
    }
    expect(memberFormatter(money('EUR'))('1234.5')).toBe('€1,234.50');
  });

  it('falls back to plain numbers when a d3 format or the locale throws', () => {
    const throwing = () => () => {
      throw new RangeError('bad specifier');
    };
    const format = memberFormatter(
      { type: 'number', format: { type: 'custom-numeric', value: '.2f' } },
      { custom: throwing },
    );
    expect(format('3.14159')).toBe('3.14');
    const exploding = memberFormatter(
      { type: 'number', format: { type: 'custom-numeric', value: '.2f' } },
      {
        custom: () => {
          throw new Error('no formatter');
        },
      },
    );
    expect(exploding('2')).toBe('2');
    expect(memberFormatter(money('USD'), { locale: 'not a locale!' })('5')).toBe('$5.00');
  });
});

describe('values that are not what their member says show as missing', () => {
  it('shows "—" for a number member\'s NaN, Infinity, text, booleans and huge digit strings', () => {
    const format = memberFormatter(money('USD'));
    for (const value of [
      'NaN',
      'Infinity',
      '-Infinity',
      'abc',
      '0x10',
      '',
      true,
      Number.NaN,
      Infinity,
      '9'.repeat(2e6),
    ])
      expect(format(value)).toBe('—');
    expect(format('62125')).toBe('$62,125.00');
    expect(format(' 12 ')).toBe('$12.00');
    // Exact past 2^53, digit for digit.
    expect(memberFormatter(number)('123456789012345678901234567890')).toBe('123,456,789,012,345,678,901,234,567,890');
  });

  it('shows "—", never "Jan 1, 1970", for a time member\'s value that is not an ISO time', () => {
    const format = memberFormatter(time, { granularity: 'day' });
    for (const value of [0, '0', 'yesterday', true, '2024-13-45', 1_700_000_000_000]) expect(format(value)).toBe('—');
    expect(format('2024-01-05T00:00:00.000')).toBe('Jan 5, 2024');
    expect(memberFormatter(time, { granularity: 'quarter' })(0)).toBe('—');
    expect(memberFormatter(time, { granularity: 'quarter' })('2024-04-01T00:00:00.000')).toBe('Q2 2024');
  });

  it('leaves text members alone', () => {
    const format = memberFormatter({ type: 'string' });
    expect(format('NaN')).toBe('NaN');
    expect(isInvalidValue({ type: 'string' }, 'NaN')).toBe(false);
  });

  it('tells invalid from missing, and reads numbers and times as the widgets draw them', () => {
    expect(isInvalidValue(number, null)).toBe(false);
    expect(isInvalidValue(number, 'NaN')).toBe(true);
    expect(isInvalidValue(number, '-1.5e3')).toBe(false);
    expect(isInvalidValue(time, 0)).toBe(true);
    expect(isInvalidValue(undefined, 'NaN')).toBe(false);
    expect(numberValue('-1.5e3')).toBe(-1500);
    expect(numberValue('1e400')).toBeNull();
    expect(numberValue('Infinity')).toBeNull();
    expect(timeValue('2024-01-05T10:00:00.000')?.toISOString()).toBe('2024-01-05T10:00:00.000Z');
    expect(timeValue('2024-01')?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(timeValue(0)).toBeNull();
  });
});
