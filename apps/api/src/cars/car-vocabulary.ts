import { sql } from 'drizzle-orm';
import { resultRows, type Database } from '../db/client.ts';

/** How long a loaded list of makes and models is used before it is read again (another process's writes). */
export const VOCABULARY_TTL_MS = 10_000;
/** pg_trgm's default similarity threshold, which the typo search has always used. */
const SIMILARITY_THRESHOLD = 0.3;
/** Enough corrections for any real typo; a word like 'a4x' must not turn into half the catalogue. */
const MAX_CORRECTIONS = 6;

/** A word's letters and digits only, lower case: what may go into a tsquery as a lexeme. */
export function lexeme(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** pg_trgm's trigrams of a text: each word lower-cased, padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const result = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) result.add(padded.slice(i, i + 3));
  }
  return result;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of the two texts. */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

interface Term {
  lexeme: string;
  grams: Set<string>;
}

interface Loaded {
  terms: Term[];
  /** The search document's most common lexemes, from the column's statistics (pg_stats.most_common_elems). */
  common: string[];
}

/** How one search word goes into the tsquery, and whether the planner may be trusted with it. */
export interface SearchWord {
  /** tsquery alternatives: the word as a prefix, the word itself when common, and the corrections of a typo. */
  alternatives: string[];
  /**
   * False for a word that begins none of the catalogue's common lexemes and corrects to none of them: few cars hold
   * it, but the planner guesses 2% of the table for any prefix it has no statistics for, and would walk the whole
   * ordered index looking for a page of matches that do not exist.
   */
  common: boolean;
}

/**
 * The distinct makes and models of the catalogue, held in the API process so that a misspelt search word ('toyta',
 * 'mercedez') is resolved to the words it meant before the query is built: the statement then has one text-search
 * condition, which the planner estimates and serves from the search index, instead of a text match OR'ed with
 * make/model lists it cannot estimate. Read by a loose index scan (one probe per distinct pair), shared by every
 * repository on the same database handle, and dropped on every write to cars made through a repository.
 */
export class CarVocabulary {
  readonly #db: Database;
  #loaded: { at: number; value: Promise<Loaded> } | null = null;

  constructor(db: Database) {
    this.#db = db;
  }

  forget(): void {
    this.#loaded = null;
  }

  /** How `word` (letters and digits, lower case) is searched for. */
  async word(word: string): Promise<SearchWord> {
    const { terms, common } = await this.#load();
    const corrections = this.#corrections(word, terms);
    const isCommon = (found: string) => common.some((lexeme) => lexeme.startsWith(found));
    const alternatives = [`${word}:*`];
    // 'white' and 'white:*' match the same cars, but the planner estimates a prefix of two or more words as a
    // fraction of a percent (40 cars for 'white:* & bmw:*' where 8,334 match); the exact lexeme's frequency fixes it.
    if (common.includes(word)) alternatives.push(word);
    alternatives.push(...corrections);
    return { alternatives, common: isCommon(word) || corrections.some(isCommon) };
  }

  /** The vocabulary's words like `word` (pg_trgm similarity >= 0.3), best first, excluding `word` itself. */
  #corrections(word: string, terms: Term[]): string[] {
    const wanted = lexeme(word);
    if (wanted.length < 3) return [];
    const grams = trigrams(wanted);
    const scored: [string, number][] = [];
    for (const term of terms) {
      if (term.lexeme.startsWith(wanted)) continue; // the prefix search finds it anyway
      const score = trigramSimilarity(grams, term.grams);
      if (score >= SIMILARITY_THRESHOLD) scored.push([term.lexeme, score]);
    }
    return scored
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_CORRECTIONS)
      .map(([found]) => found);
  }

  #load(): Promise<Loaded> {
    const now = performance.now();
    if (!this.#loaded || now - this.#loaded.at > VOCABULARY_TTL_MS) {
      const value = this.#read();
      this.#loaded = { at: now, value };
      // A failed read is not kept: the next search reads again.
      value.catch(() => {
        if (this.#loaded?.value === value) this.#loaded = null;
      });
    }
    return this.#loaded.value;
  }

  async #read(): Promise<Loaded> {
    // A loose index scan of cars_make_model_lower_idx: each step jumps to the next distinct (make, model) pair.
    const rows = resultRows<{ make: string; model: string }>(
      await this.#db.execute(sql`
        with recursive walk(make, model) as (
          (select lower(make), lower(model) from cars order by lower(make), lower(model) limit 1)
          union all
          select next.make, next.model from walk, lateral (
            select lower(make) as make, lower(model) as model from cars
            where (lower(make), lower(model)) > (walk.make, walk.model)
            order by lower(make), lower(model) limit 1
          ) next
        )
        select make, model from walk limit 5000`),
    );
    const words = new Set<string>();
    for (const { make, model } of rows) {
      // The words the search document holds for them: 'mercedes-benz' gives 'mercedes' and 'benz'.
      for (const value of [make, model])
        for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 2) words.add(word);
    }
    const common = resultRows<{ lexeme: string }>(
      await this.#db.execute(sql`
        select unnest(most_common_elems::text::text[]) as lexeme from pg_stats
        where schemaname = current_schema() and tablename = 'cars' and attname = 'search_document'`),
    );
    return {
      terms: [...words].map((word) => ({ lexeme: word, grams: trigrams(word) })),
      common: common.map((row) => row.lexeme),
    };
  }
}

const shared = new WeakMap<Database, CarVocabulary>();

/** The one vocabulary of a database handle, so a write through any repository clears it for all. */
export function carVocabularyOf(db: Database): CarVocabulary {
  let vocabulary = shared.get(db);
  if (!vocabulary) {
    vocabulary = new CarVocabulary(db);
    shared.set(db, vocabulary);
  }
  return vocabulary;
}
