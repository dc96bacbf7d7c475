import { unwrapEnvelope } from './envelope';

describe('unwrapEnvelope', () => {
  it('parses the JSON text of a data field into the envelope', () => {
    const body = { data: JSON.stringify({ status: 200, error: null, data: [{ ID: '1' }] }) };
    expect(unwrapEnvelope(body, 200)).toEqual({ status: 200, error: null, data: [{ ID: '1' }] });
  });

  it('keeps an inner data string as text (finalize answers JSON text of a list)', () => {
    const list = JSON.stringify([{ ID: 'e1', name: 'Northwind Logistics Ltd', active: true, endDate: null }]);
    const body = { data: JSON.stringify({ status: 200, error: null, data: list }) };
    expect(unwrapEnvelope<string>(body, 200).data).toBe(list);
  });

  it('reads the error field of the inner envelope', () => {
    const body = { data: JSON.stringify({ status: 400, error: 'Incorrect code', data: null }) };
    expect(unwrapEnvelope(body, 200)).toEqual({ status: 400, error: 'Incorrect code', data: null });
  });

  it('takes a body that is already an envelope', () => {
    expect(unwrapEnvelope({ status: 200, data: { sent: true } }, 200)).toEqual({ status: 200, error: null, data: { sent: true } });
    expect(unwrapEnvelope({ status: 201, error: null, data: [] }, 200)).toEqual({ status: 201, error: null, data: [] });
    expect(unwrapEnvelope({ status: 400, error: 'Bad input' }, 400)).toEqual({ status: 400, error: 'Bad input', data: null });
  });

  it('wraps any other body with the HTTP status', () => {
    const user = { user: { id: 'u1', email: 'a@example.com' } };
    expect(unwrapEnvelope(user, 200)).toEqual({ status: 200, error: null, data: user });
    expect(unwrapEnvelope([1, 2], 200)).toEqual({ status: 200, error: null, data: [1, 2] });
    expect(unwrapEnvelope(null, 204)).toEqual({ status: 204, error: null, data: null });
    expect(unwrapEnvelope({ status: 'ok', data: 1 }, 200)).toEqual({ status: 200, error: null, data: { status: 'ok', data: 1 } });
  });

  it('keeps unparseable data text as text', () => {
    expect(unwrapEnvelope({ data: '<p>Policy</p>' }, 200)).toEqual({ status: 200, error: null, data: '<p>Policy</p>' });
    expect(unwrapEnvelope('not json', 200)).toEqual({ status: 200, error: null, data: 'not json' });
  });

  it('takes parseable data text that is not an envelope as the data', () => {
    expect(unwrapEnvelope({ data: '[{"ID":"1"}]' }, 200)).toEqual({ status: 200, error: null, data: [{ ID: '1' }] });
    expect(unwrapEnvelope({ data: '"<p>x</p>"' }, 200)).toEqual({ status: 200, error: null, data: '<p>x</p>' });
  });

  it('unwraps a whole body that arrived as text', () => {
    const text = JSON.stringify({ data: JSON.stringify({ status: 200, error: null, data: 'html' }) });
    expect(unwrapEnvelope(text, 200)).toEqual({ status: 200, error: null, data: 'html' });
    expect(unwrapEnvelope('"just text"', 200)).toEqual({ status: 200, error: null, data: 'just text' });
  });
});
