import { describe, expect, it } from 'vitest';
import * as core from './index.ts';
import * as catalogues from './catalogues/index.ts';
import * as contract from './contract/index.ts';
import * as nlSearch from './nl-search/index.ts';
import * as rules from './rules/index.ts';
import * as schemas from './schemas/index.ts';
import * as video from './video/index.ts';

describe('@autoreel/core', () => {
  it('exports every name of its folders, each from one home', () => {
    const folders = [schemas, catalogues, rules, nlSearch, video, contract];
    const homes = folders.map((folder) => Object.keys(folder));
    const all = homes.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(core).sort()).toEqual([...all].sort());
    for (const folder of folders) {
      for (const [name, value] of Object.entries(folder)) expect(core[name as keyof typeof core]).toBe(value);
    }
  });
});
