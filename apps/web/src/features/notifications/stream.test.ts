import { NOTIFICATION_EVENT as CONTRACT_EVENT } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { connectNotificationStream, NOTIFICATION_EVENT, parseEvents } from './stream.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stream answer the test writes to, and ends or breaks. */
function streamAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new Error('cut')),
  };
}

describe('parseEvents', () => {
  it('names the complete events and keeps the incomplete rest', () => {
    expect(parseEvents(': connected\n\nevent: notification\ndata: {}\n\nevent: noti')).toEqual({
      events: ['notification'],
      rest: 'event: noti',
    });
    expect(parseEvents(': ping\r\n\r\n').events).toEqual([]);
  });

  it('uses the contract’s event name', () => {
    expect(NOTIFICATION_EVENT).toBe(CONTRACT_EVENT);
  });
});

describe('connectNotificationStream', () => {
  it('tells each event; opens again after the stream is cut, with the token in the header only', async () => {
    const answers = [streamAnswer(), streamAnswer()];
    const requests: Array<{ url: string; auth: string | null }> = [];
    const log: string[] = [];
    const fetchStub = (async (url: string, init: RequestInit) => {
      requests.push({ url, auth: new Headers(init.headers).get('Authorization') });
      const next = answers[requests.length - 1];
      if (!next) return new Response(null, { status: 503 });
      return next.response;
    }) as unknown as typeof fetch;
    const stop = connectNotificationStream(
      () => 'tok',
      {
        onEvent: () => log.push('event'),
        onOpen: () => log.push('open'),
        onDown: () => log.push('down'),
      },
      { fetch: fetchStub, backoffMs: [20], quietMs: 5000 },
    );
    await sleep(10);
    answers[0].write(': connected\n\n');
    answers[0].write('event: notification\ndata: {}\n\n');
    await sleep(10);
    expect(log).toEqual(['open', 'event']);
    answers[0].fail();
    await sleep(60);
    // Down, then open again; what was missed meanwhile is read again (an event).
    expect(log).toEqual(['open', 'event', 'down', 'open', 'event']);
    expect(requests.map((r) => r.url)).toEqual(['/api/notifications/stream', '/api/notifications/stream']);
    expect(requests.every((r) => r.auth === 'Bearer tok' && !r.url.includes('tok'))).toBe(true);
    stop();
    answers[1].end();
    await sleep(40);
    expect(requests.length).toBe(2);
  });

  it('stops for good on 401: the session is over', async () => {
    let calls = 0;
    const fetchStub = (async () => {
      calls++;
      return new Response(null, { status: 401 });
    }) as unknown as typeof fetch;
    const stop = connectNotificationStream(
      () => 'tok',
      { onEvent() {} },
      { fetch: fetchStub, backoffMs: [5] },
    );
    await sleep(50);
    expect(calls).toBe(1);
    stop();
  });

  it('takes a quiet stream for dead and opens another', async () => {
    let calls = 0;
    const fetchStub = (async (_url: string, init: RequestInit) => {
      calls++;
      const answer = streamAnswer();
      init.signal?.addEventListener('abort', () => answer.fail());
      return answer.response;
    }) as unknown as typeof fetch;
    const stop = connectNotificationStream(
      () => 'tok',
      { onEvent() {} },
      { fetch: fetchStub, backoffMs: [10], quietMs: 40 },
    );
    await sleep(120);
    expect(calls).toBeGreaterThanOrEqual(2);
    stop();
  });
});
