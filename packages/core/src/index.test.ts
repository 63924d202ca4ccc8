import { describe, expect, it } from 'vitest';
import * as core from './index.ts';
import * as catalogues from './catalogues/index.ts';
import * as rules from './rules/index.ts';
import * as schemas from './schemas/index.ts';

describe('@autoreel/core', () => {
  it('exports every name of schemas, catalogues and rules, each from one home', () => {
    const homes = [schemas, catalogues, rules].map((folder) => Object.keys(folder));
    const all = homes.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(core).sort()).toEqual([...all].sort());
    for (const folder of [schemas, catalogues, rules]) {
      for (const [name, value] of Object.entries(folder)) expect(core[name as keyof typeof core]).toBe(value);
    }
  });
});
