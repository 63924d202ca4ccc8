import { describe, expect, it } from 'vitest';
import * as core from './index.ts';
import * as accounts from './accounts/index.ts';
import * as cars from './cars/index.ts';
import * as contract from './contract/index.ts';
import * as dealers from './dealers/index.ts';
import * as messaging from './messaging/index.ts';
import * as moderation from './moderation/index.ts';
import * as money from './money/index.ts';
import * as notifications from './notifications/index.ts';
import * as search from './search/index.ts';
import * as shared from './shared/index.ts';
import * as social from './social/index.ts';
import * as text from './text/index.ts';
import * as video from './video/index.ts';

describe('@autoreel/core', () => {
  it('exports every name of its subjects, each from one home', () => {
    const subjects = [
      text,
      shared,
      money,
      cars,
      accounts,
      search,
      messaging,
      dealers,
      social,
      video,
      notifications,
      moderation,
      contract,
    ];
    const homes = subjects.map((subject) => Object.keys(subject));
    const all = homes.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(core).sort()).toEqual([...all].sort());
    for (const subject of subjects) {
      for (const [name, value] of Object.entries(subject))
        expect(core[name as keyof typeof core]).toBe(value);
    }
  });
});
