import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ELEMENT_ID, firstAnswersFetch, resetFirstAnswers } from './first-answers.ts';

function pageWith(answers: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_ANSWERS_ELEMENT_ID;
  script.textContent = answers;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  resetFirstAnswers();
});

describe('first-visit answers inlined in index.html', () => {
  it('is not used on a page that carries none, so the client keeps its own fetch', () => {
    expect(firstAnswersFetch()).toBeUndefined();
  });

  it('answers the inlined GET once from the page, then leaves the same URL to the network', async () => {
    const body = { success: true, data: { cars: [{ id: 'a' }] } };
    pageWith(JSON.stringify({ '/api/cars?sort=newest&limit=10': body }));
    const fetch = firstAnswersFetch();
    expect(fetch).toBeDefined();
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();

    const first = await fetch!('/api/cars?sort=newest&limit=10', { method: 'GET' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(body);
    // The second ask is a real request (nothing listens here, so it fails to connect rather than being answered).
    await expect(fetch!('/api/cars?sort=newest&limit=10', { method: 'GET' })).rejects.toThrow();
  });

  it('never answers another method or another URL from the page', async () => {
    pageWith(JSON.stringify({ '/api/cars/x': { data: {} } }));
    const fetch = firstAnswersFetch()!;
    await expect(fetch('/api/cars/x', { method: 'POST' })).rejects.toThrow();
    await expect(fetch('/api/cars/y')).rejects.toThrow();
    expect(await (await fetch('/api/cars/x')).json()).toEqual({ data: {} });
  });

  it('ignores an unreadable element', () => {
    pageWith('{not json');
    expect(firstAnswersFetch()).toBeUndefined();
  });
});
