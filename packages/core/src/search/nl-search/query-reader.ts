import type { BodyType, Condition, FuelType, Transmission } from '../../cars/index.ts';
import { MAX_MILEAGE, MAX_PRICE } from '../../cars/index.ts';
import { compact, editDistance, typoAllowance } from './fuzzy.ts';
import { conditionOfNew, type NewWord } from './new-condition.ts';
import { markUsed, phraseAt, phraseEndingAt, phraseStartingAt, spanIsFree, type Token } from './tokens.ts';
import {
  BODY_WORDS,
  COLOR_WORDS,
  ANY_CONDITION_WORDS,
  CONDITION_WORDS,
  CURRENCY_WORDS,
  FIRST_CAR_PREFERENCES,
  FUEL_ECONOMY_WORDS,
  FUEL_WORDS,
  HEAD_COUNT_WORDS,
  INTENT_WORDS,
  LOW_MILEAGE_CAP,
  LOW_MILEAGE_WORDS,
  MAKE_ALIASES,
  MODEL_CODES,
  NUMBER_WORDS,
  SEAT_WORDS,
  SOFT_WORDS,
  SPACIOUS_BODY_WORDS,
  STOP_WORDS,
  TRANSMISSION_WORDS,
  seatsFor,
  type SoftPreference,
} from './vocabulary.ts';

/** A make as the catalogue (and the live inventory) knows it; the shape of the core catalogue's CarMake. */
export interface CatalogueMake {
  name: string;
  /** Other spellings buyers type ('vw', 'merc'), lower case. */
  aliases?: readonly string[];
  models: readonly { name: string }[];
}

/** The structured filters a query was read as, named as GET /cars names them (API-CONTRACT). */
export interface ReadFilters {
  make?: string;
  model?: string;
  bodyType?: BodyType;
  fuelType?: FuelType;
  transmission?: Transmission;
  condition?: Condition;
  minPrice?: number;
  maxPrice?: number;
  minYear?: number;
  maxYear?: number;
  maxMileage?: number;
  /** Seats including the driver, at least ('family of six', '7 seater'). */
  minSeats?: number;
  color?: string;
  /** Only when nothing else could be read: the query's own words, for full-text search. */
  search?: string;
}

export interface QueryReading {
  filters: ReadFilters;
  /** Preferences that rank results without excluding any ('cheap', 'family', ...). */
  soft: SoftPreference[];
  /** Words that were neither understood nor filler; they become full-text search when nothing else was read. */
  unmatchedWords: string[];
}

export interface ReadQueryOptions {
  catalogue: readonly CatalogueMake[];
  /** The 13 exterior colour names of the catalogue; colour words resolve to these spellings. */
  colors?: readonly string[];
  /** 'Last 5 years' and bare-year sanity checks are relative to it; passed in so that reading stays pure. */
  currentYear: number;
}

interface NumberSpan {
  start: number;
  /** Exclusive. */
  end: number;
  value: number;
  currency: boolean;
  /** k, m, million, thousand: the number was written as an amount. */
  scaled: boolean;
  unit: 'km' | 'mi' | null;
  /** Written as digits only, without separators (a bare 2018). */
  plainDigits: boolean;
}

const MAX_COMPARATORS = [
  'under',
  'below',
  'less than',
  'lower than',
  'cheaper than',
  'max',
  'maximum',
  'up to',
  'upto',
  'at most',
  'no more than',
  'not more than',
  'not over',
  'budget of',
  'budget',
  'budget is',
  'my budget is',
  'within',
  'beneath',
  'for under',
  'for less than',
  '<',
];
const MIN_COMPARATORS = [
  'over',
  'above',
  'more than',
  'greater than',
  'higher than',
  'from',
  'at least',
  'min',
  'minimum',
  'starting at',
  'starting from',
  'upwards of',
  'no less than',
  'not less than',
  '>',
];
const YEAR_WORDS = ['years', 'year', 'yrs', 'yr'];
const AROUND_WORDS = ['around', 'about', 'approximately', 'roughly', 'circa', 'near', '~'];
const YEAR_AFTER = ['newer than', 'after', 'later than', 'younger than', 'more than', 'greater than'];
const YEAR_FROM = ['since', 'from', 'at least', 'starting from', 'min', 'minimum', 'not older than'];
const YEAR_BEFORE = ['older than', 'before', 'earlier than', 'pre', 'under', 'below', 'less than'];
const YEAR_UNTIL = ['up to', 'until', 'till', 'at most', 'max', 'maximum', 'not newer than'];
const MAX_SUFFIXES = [
  'or less',
  'or under',
  'and under',
  'or below',
  'and below',
  'max',
  'tops',
  'or cheaper',
];
const MIN_SUFFIXES = ['or more', 'and up', 'and above', 'or above', 'plus', '+', 'upwards'];
const YEAR_FROM_SUFFIXES = [
  'or newer',
  'and newer',
  'or later',
  'and later',
  'onwards',
  'onward',
  'and up',
  '+',
];
const YEAR_UNTIL_SUFFIXES = ['or older', 'and older', 'or earlier', 'and earlier'];
const MILEAGE_CONTEXT = [
  'mileage',
  'odometer',
  'km',
  'kms',
  'kilometres',
  'kilometers',
  'on the clock',
  'done',
];
const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1_000,
  thousand: 1_000,
  grand: 1_000,
  m: 1_000_000,
  mil: 1_000_000,
  mill: 1_000_000,
  mn: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
};
const DISTANCE_UNITS: Readonly<Record<string, 'km' | 'mi'>> = {
  km: 'km',
  kms: 'km',
  kilometre: 'km',
  kilometres: 'km',
  kilometer: 'km',
  kilometers: 'km',
  mi: 'mi',
  mile: 'mi',
  miles: 'mi',
};
const KM_PER_MILE = 1.609344;

/** Lower case, accents and punctuation gone, hyphens between words read as spaces ('pre-owned' = 'pre owned'). */
export function tokenize(query: string): string[] {
  const text = query
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[’'`]/g, '')
    // A comma or point is part of a number only between two digits (1,200,000 and 1.5m).
    .replace(/(?<!\d)[.,]|[.,](?!\d)/g, ' ')
    // A hyphen between letters joins words; next to a digit it may be a range (2015-2020), so it stays a token.
    .replace(/([a-z])-(?=[a-z])/g, '$1 ')
    .replace(/-/g, ' - ')
    .replace(/([<>~+$])/g, ' $1 ')
    .replace(/[^a-z0-9.,<>~+$\- ]/g, ' ');
  return text.split(/\s+/).filter(Boolean);
}

/** Reads a number written as 900000, 900,000, 900 000, 900k, E900k, R 1.2m, 1,5 million, 50 000 km. */
function numberAt(tokens: readonly Token[], start: number): NumberSpan | null {
  let i = start;
  let currency = false;
  let text = tokens[i]?.text;
  if (text === undefined) return null;
  if (CURRENCY_WORDS.has(text) && /^\d/.test(tokens[i + 1]?.text ?? '')) {
    currency = true;
    i += 1;
    text = tokens[i]!.text;
  }
  // 'a million', 'two million', 'half a million'.
  const spelled = text === 'a' ? 1 : NUMBER_WORDS[text];
  if (spelled !== undefined && MULTIPLIERS[tokens[i + 1]?.text ?? ''] !== undefined) {
    const half = tokens[i - 1]?.text === 'half' && text === 'a';
    const multiplier = MULTIPLIERS[tokens[i + 1]!.text]!;
    return {
      start: half ? start - 1 : start,
      end: i + 2,
      value: (half ? 0.5 : spelled) * multiplier,
      currency,
      scaled: true,
      unit: null,
      plainDigits: false,
    };
  }
  const match = /^(e|r|szl|zar|usd)?(\d[\d.,]*)([a-z]*)$/.exec(text);
  if (!match) return null;
  if (match[1]) currency = true;
  let digits = match[2]!;
  let suffix = match[3]!;
  i += 1;
  // Thousands written with spaces: '1 200 000', '50 000km'.
  if (!suffix && /^\d{1,3}$/.test(digits)) {
    while (/^\d{3}(k|km|kms|mi)?$/.test(tokens[i]?.text ?? '') && !suffix) {
      const group = /^(\d{3})([a-z]*)$/.exec(tokens[i]!.text)!;
      digits += group[1]!;
      suffix = group[2]!;
      i += 1;
    }
  }
  const plainDigits = /^\d+$/.test(digits);
  let value: number;
  if (/^\d{1,3}(,\d{3})+$/.test(digits) || /^\d{1,3}(\.\d{3}){2,}$/.test(digits)) {
    value = Number(digits.replace(/[.,]/g, ''));
  } else {
    value = Number(digits.replace(',', '.'));
  }
  if (!Number.isFinite(value)) return null;
  let scaled = false;
  let unit: 'km' | 'mi' | null = null;
  const applySuffix = (word: string): boolean => {
    const multiplier = MULTIPLIERS[word];
    if (multiplier !== undefined && !scaled && !unit) {
      value *= multiplier;
      scaled = true;
      return true;
    }
    const distance = DISTANCE_UNITS[word];
    if (distance !== undefined && !unit) {
      unit = distance;
      return true;
    }
    return false;
  };
  if (suffix) {
    // '80kkm' and '100kkms' read as 80k km.
    const head = Object.keys(MULTIPLIERS).find(
      (m) => suffix.startsWith(m) && DISTANCE_UNITS[suffix.slice(m.length)],
    );
    if (head) {
      applySuffix(head);
      applySuffix(suffix.slice(head.length));
    } else if (!applySuffix(suffix)) return null;
  }
  while (i < tokens.length && applySuffix(tokens[i]!.text)) i += 1;
  return {
    start,
    end: i,
    value: Math.round(value),
    currency,
    scaled,
    unit,
    plainDigits: plainDigits && !scaled,
  };
}

function isYearLike(span: NumberSpan, currentYear: number): boolean {
  return (
    !span.currency &&
    !span.scaled &&
    span.unit === null &&
    span.plainDigits &&
    span.value >= 1900 &&
    span.value <= currentYear + 1
  );
}

function resolveColor(candidates: readonly string[], colors: readonly string[] | undefined): string {
  for (const candidate of candidates) {
    const known = colors?.find((c) => c.toLowerCase() === candidate.toLowerCase());
    if (known) return known;
  }
  return candidates[0]!;
}

interface CatalogueIndex {
  /** compact name -> make */
  makes: Map<string, string>;
  /** make -> compact model name -> model */
  modelsByMake: Map<string, Map<string, string>>;
  /** compact model name -> [make, model] pairs (a name may belong to several makes) */
  models: Map<string, Array<[string, string]>>;
}

const indexCache = new WeakMap<readonly CatalogueMake[], CatalogueIndex>();

function addModelKey(index: CatalogueIndex, make: string, key: string, model: string): void {
  if (!key) return;
  const own = index.modelsByMake.get(make)!;
  if (!own.has(key)) own.set(key, model);
  const list = index.models.get(key) ?? [];
  if (!list.some(([known]) => known === make)) list.push([make, model]);
  index.models.set(key, list);
}

/**
 * Model keys: the full name ('landcruiserprado'), the name without its make ('Range Rover Sport' is also
 * 'sport' under Range Rover) and model families, the longest word prefix shared by several models of a make
 * ('Land Cruiser' for Prado, 300 and 79; 'D-Max' for the Isuzu cabs). A family is answered as the model filter
 * and matches every model of that family.
 */
function indexCatalogue(catalogue: readonly CatalogueMake[]): CatalogueIndex {
  const cached = indexCache.get(catalogue);
  if (cached) return cached;
  const index: CatalogueIndex = { makes: new Map(), modelsByMake: new Map(), models: new Map() };
  const lastWords = new Map<string, [string, string] | null>();
  for (const entry of catalogue) {
    index.makes.set(compact(entry.name), entry.name);
    for (const alias of entry.aliases ?? []) {
      if (!index.makes.has(compact(alias))) index.makes.set(compact(alias), entry.name);
    }
    if (!index.modelsByMake.has(entry.name)) index.modelsByMake.set(entry.name, new Map());
    const makeKey = compact(entry.name);
    for (const model of entry.models) {
      const key = compact(model.name);
      addModelKey(index, entry.name, key, model.name);
      if (key.startsWith(makeKey) && key.length > makeKey.length) {
        addModelKey(index, entry.name, key.slice(makeKey.length), model.name);
      }
    }
    // The last word of a model name alone ('prado', 'raptor'), when it is unusual enough to name that model.
    for (const model of entry.models) {
      const words = model.name.toLowerCase().split(' ');
      const last = words.at(-1)!;
      if (
        words.length < 2 ||
        last.length < 5 ||
        !/^[a-z]+$/.test(last) ||
        VOCABULARY.has(last) ||
        GENERIC_MODEL_WORDS.has(last)
      )
        continue;
      lastWords.set(last, lastWords.has(last) ? null : [entry.name, model.name]);
    }
    const byFirstWord = new Map<string, string[][]>();
    const families: { name: string; members: string[] }[] = [];
    for (const model of entry.models) {
      const words = model.name.split(' ');
      const group = byFirstWord.get(words[0]!.toLowerCase()) ?? [];
      group.push(words);
      byFirstWord.set(words[0]!.toLowerCase(), group);
    }
    for (const group of byFirstWord.values()) {
      if (group.length < 2) continue;
      let length = 0;
      while (
        group.every(
          (words) =>
            words.length > length && words[length]!.toLowerCase() === group[0]![length]!.toLowerCase(),
        )
      ) {
        length += 1;
      }
      const family = group[0]!.slice(0, length).join(' ');
      const key = compact(family);
      if (/^\d*$/.test(key) || VOCABULARY.has(key) || key === makeKey) continue;
      addModelKey(index, entry.name, key, family);
      families.push({ name: family, members: group.map((words) => words.join(' ')) });
    }
    // Names as people say them. The first word of a model no other model of the make starts with names it
    // ('pajero' -> Pajero Sport). A later word several models share names the family holding most of them
    // ('cruiser' -> Land Cruiser, whose three models outnumber the Urban Cruiser).
    for (const group of byFirstWord.values()) {
      const words = group[0]!;
      const first = words[0]!.toLowerCase();
      if (group.length === 1 && words.length > 1 && namingWord(first) && compact(first) !== makeKey)
        addModelKey(index, entry.name, compact(first), words.join(' '));
    }
    const byLaterWord = new Map<string, string[]>();
    for (const model of entry.models) {
      for (const word of model.name.toLowerCase().split(' ').slice(1)) {
        if (namingWord(word)) byLaterWord.set(word, [...(byLaterWord.get(word) ?? []), model.name]);
      }
    }
    for (const [word, models] of byLaterWord) {
      if (models.length < 2) continue;
      const holding = (family: { members: readonly string[] }) =>
        models.filter((name) => family.members.includes(name)).length;
      const best = families.reduce<{ name: string; members: string[] } | null>(
        (top, family) => (holding(family) > (top ? holding(top) : 0) ? family : top),
        null,
      );
      if (best && holding(best) * 2 > models.length) {
        addModelKey(index, entry.name, word, best.name);
        // The word names the family, not the one model it ends.
        lastWords.set(word, null);
      }
    }
  }
  for (const [word, pair] of lastWords) {
    if (pair && !index.models.has(word)) addModelKey(index, pair[0], word, pair[1]);
  }
  for (const [alias, make] of Object.entries(MAKE_ALIASES)) {
    const known = [...index.makes.values()].find((m) => m.toLowerCase() === make.toLowerCase());
    if (known && !index.makes.has(compact(alias))) index.makes.set(compact(alias), known);
  }
  indexCache.set(catalogue, index);
  return index;
}

type PhraseEntry =
  | { phrase: string; kind: 'condition'; value: Condition | null }
  | { phrase: string; kind: 'body'; value: BodyType }
  | { phrase: string; kind: 'fuel'; value: FuelType }
  | { phrase: string; kind: 'transmission'; value: Transmission }
  | { phrase: string; kind: 'color'; value: readonly string[] }
  | { phrase: string; kind: 'soft'; value: SoftPreference }
  | { phrase: string; kind: 'economy'; value: FuelType | null }
  | { phrase: string; kind: 'mileage'; value: number };

const entriesOf = <K extends PhraseEntry['kind'], V>(kind: K, table: Readonly<Record<string, V>>) =>
  Object.entries(table).map(([phrase, value]) => ({ phrase, kind, value }) as PhraseEntry);

/** Every vocabulary phrase, grouped by first word and longest first, built once. */
const PHRASES_BY_FIRST_WORD: ReadonlyMap<string, readonly PhraseEntry[]> = (() => {
  const all = [
    ...entriesOf('condition', CONDITION_WORDS),
    ...entriesOf('condition', Object.fromEntries(ANY_CONDITION_WORDS.map((w) => [w, null]))),
    ...entriesOf('body', BODY_WORDS),
    ...entriesOf('fuel', FUEL_WORDS),
    ...entriesOf('transmission', TRANSMISSION_WORDS),
    ...entriesOf('color', COLOR_WORDS),
    ...entriesOf('soft', SOFT_WORDS),
    ...entriesOf('economy', FUEL_ECONOMY_WORDS),
    ...entriesOf('mileage', Object.fromEntries(LOW_MILEAGE_WORDS.map((w) => [w, LOW_MILEAGE_CAP]))),
  ];
  const byFirst = new Map<string, PhraseEntry[]>();
  for (const entry of all) {
    const first = entry.phrase.split(' ')[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
  }
  for (const list of byFirst.values())
    list.sort((a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length);
  return byFirst;
})();

/** One-word vocabulary that typos are checked against (six letters or more: shorter words have no typos here). */
const FUZZY_VOCABULARY: readonly PhraseEntry[] = [...PHRASES_BY_FIRST_WORD.values()]
  .flat()
  .filter((e) => ['body', 'fuel', 'transmission', 'condition'].includes(e.kind))
  .filter((e) => !e.phrase.includes(' ') && e.phrase.length >= 6);

function applyPhrase(
  entry: PhraseEntry,
  filters: ReadFilters,
  soft: Set<SoftPreference>,
  colors: readonly string[] | undefined,
): void {
  switch (entry.kind) {
    case 'condition':
      // An either-condition phrase ('new or used') only takes its words.
      if (entry.value) filters.condition ??= entry.value;
      break;
    case 'body':
      filters.bodyType ??= entry.value;
      if (SPACIOUS_BODY_WORDS.has(entry.phrase)) soft.add('spacious');
      break;
    case 'fuel':
      filters.fuelType ??= entry.value;
      break;
    case 'transmission':
      filters.transmission ??= entry.value;
      break;
    case 'color':
      filters.color ??= resolveColor(entry.value, colors);
      break;
    case 'soft':
      soft.add(entry.value);
      break;
    case 'economy':
      soft.add('fuel-efficient');
      if (entry.value) filters.fuelType ??= entry.value;
      break;
    case 'mileage':
      filters.maxMileage ??= entry.value;
      break;
  }
}

/** Trim and body words at the end of model names that do not name one model ('Discovery Sport', 'A6 Avant'). */
const GENERIC_MODEL_WORDS = new Set([
  'sport',
  'cross',
  'touring',
  'avant',
  'sportback',
  'turismo',
  'country',
  'plus',
  'extended',
  'double',
  'single',
  'series',
  'class',
  'allroad',
  'range',
]);

/** Vocabulary words a model name must not shadow when no make was named ('sport', 'estate', 'van'). */
const VOCABULARY = new Set<string>([
  ...Object.keys(BODY_WORDS),
  ...Object.keys(FUEL_WORDS),
  ...Object.keys(TRANSMISSION_WORDS),
  ...Object.keys(CONDITION_WORDS),
  ...Object.keys(COLOR_WORDS),
  ...Object.keys(SOFT_WORDS),
  ...STOP_WORDS,
]);

/** Everyday words some model names start with; alone they name no car ('300 grand' is a price, not a Grand i10). */
const EVERYDAY_MODEL_WORDS = new Set([
  'grand',
  'urban',
  'city',
  'super',
  'space',
  'star',
  'great',
  'royal',
  'new',
]);

/** A word of a model name that may name the model alone: a real word, not filler, trim, vocabulary or everyday. */
function namingWord(word: string): boolean {
  return (
    word.length >= 4 &&
    /^[a-z]+$/.test(word) &&
    !VOCABULARY.has(word) &&
    !GENERIC_MODEL_WORDS.has(word) &&
    !EVERYDAY_MODEL_WORDS.has(word)
  );
}

const distinctiveCache = new WeakMap<CatalogueIndex, Map<string, string>>();

/** Model keys that may be typo-matched without a make, built once per catalogue. */
function distinctiveModels(index: CatalogueIndex): Map<string, string> {
  let keys = distinctiveCache.get(index);
  if (!keys) {
    keys = new Map([...index.models.keys()].filter(distinctiveModel).map((key) => [key, key]));
    distinctiveCache.set(index, keys);
  }
  return keys;
}

/** A model name may be recognised without its make when it cannot be mistaken for a number or a common word. */
function distinctiveModel(key: string): boolean {
  if (/^\d+$/.test(key)) return false;
  if (VOCABULARY.has(key)) return false;
  return key.length >= 3 || (/\d/.test(key) && /[a-z]/.test(key));
}

const MAX_NGRAM = 4;

/**
 * Reads a free-text car search into GET /cars filters plus soft preferences. Pure and deterministic: the
 * storefront runs it to show chips, the API runs it to search. The catalogue decides which makes and models
 * exist; typos are forgiven by edit distance against it.
 */
export function readSearchQuery(query: string, options: ReadQueryOptions): QueryReading {
  const tokens: Token[] = tokenize(query).map((text) => ({ text, used: false }));
  const catalogue = indexCatalogue(options.catalogue);
  const filters: ReadFilters = {};
  const soft = new Set<SoftPreference>();
  const { currentYear } = options;

  // 1. Makes, by name or nickname, longest phrase first ('range rover' before 'rover').
  const makeEnds: number[] = [];
  const findMakes = (fuzzy: boolean) => {
    for (let n = MAX_NGRAM; n >= 1; n--) {
      for (let i = 0; i + n <= tokens.length; i++) {
        if (!spanIsFree(tokens, i, i + n)) continue;
        const words = tokens.slice(i, i + n).map((t) => t.text);
        if (words.includes('-')) continue;
        const key = compact(words.join(''));
        let make = catalogue.makes.get(key);
        if (!make && fuzzy && fuzzyCandidate(words)) {
          make = closest(key, catalogue.makes);
        }
        if (make && (!filters.make || filters.make === make)) {
          filters.make = make;
          markUsed(tokens, i, i + n);
          makeEnds.push(i + n);
        }
      }
    }
  };

  // 2. Models: of the named make first (numeric names like Fiat '500' only right after the make).
  const findModels = (fuzzy: boolean) => {
    for (let n = MAX_NGRAM; n >= 1; n--) {
      for (let i = 0; i + n <= tokens.length; i++) {
        if (filters.model || !spanIsFree(tokens, i, i + n)) continue;
        const words = tokens.slice(i, i + n).map((t) => t.text);
        if (words.includes('-') && (i === 0 || n === 1)) continue;
        const key = compact(words.join(''));
        if (!key) continue;
        if (filters.make) {
          const own = catalogue.modelsByMake.get(filters.make);
          let model = own?.get(key);
          if (model && /^\d+$/.test(key) && !makeEnds.includes(i)) model = undefined;
          if (!model && fuzzy && own && fuzzyCandidate(words)) {
            model = closest(key, own);
          }
          if (model) {
            filters.model = model;
            markUsed(tokens, i, i + n);
          }
          continue;
        }
        let pairs = distinctiveModel(key) ? catalogue.models.get(key) : undefined;
        if (!pairs && fuzzy && fuzzyCandidate(words)) {
          const near = closest(key, distinctiveModels(catalogue));
          pairs = near ? catalogue.models.get(near) : undefined;
        }
        if (pairs?.length) {
          filters.model = pairs[0]![1];
          // A model name shared by several makes leaves the make open.
          if (pairs.length === 1) filters.make = pairs[0]![0];
          markUsed(tokens, i, i + n);
        }
      }
    }
  };

  findMakes(false);
  if (filters.make) findModels(false);

  // Uses and head counts before single words, so 'new driver' is no condition and 'six people' no stray number.
  const intents = readIntents(tokens, soft);
  readSeats(tokens, filters, soft);

  // 3. Vocabulary phrases, longest first. 'New' is set aside for the end, when the words around it are read.
  const newWords: NewWord[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.used) continue;
    for (const entry of PHRASES_BY_FIRST_WORD.get(tokens[i]!.text) ?? []) {
      const length = phraseAt(tokens, i, entry.phrase);
      if (!length || !spanIsFree(tokens, i, i + length)) continue;
      // 'newer than 2019' and '2020 or newer' are year phrases for the number reader, not 'recent'.
      if (
        entry.phrase === 'newer' &&
        (tokens[i + 1]?.text === 'than' || ['or', 'and'].includes(tokens[i - 1]?.text ?? ''))
      ) {
        continue;
      }
      if (entry.kind === 'condition' && entry.value === 'New') {
        newWords.push({ start: i, end: i + length, brand: entry.phrase !== 'new' });
      } else {
        applyPhrase(entry, filters, soft, options.colors);
      }
      markUsed(tokens, i, i + length);
      break;
    }
  }

  if (!filters.make || !filters.model) findModels(false);
  if (!filters.model) readModelCodes(tokens, filters, catalogue);

  // 4. Numbers: years, prices and mileages with the words around them.
  readNumbers(tokens, filters, soft, currentYear);

  // 5. Typos in whatever is left.
  if (!filters.make) findMakes(true);
  if (!filters.model) findModels(true);
  fuzzyVocabulary(tokens, filters, soft, options);

  // 6. 'New', now that what it stands before is read.
  const firstCar = intents.has(FIRST_CAR_PREFERENCES);
  for (const word of newWords) {
    const condition = conditionOfNew(tokens, word, firstCar);
    if (condition) filters.condition ??= condition;
  }

  const unmatchedWords = tokens
    .filter(
      (t) => !t.used && !STOP_WORDS.has(t.text) && !/^[-<>~+$]$/.test(t.text) && !CURRENCY_WORDS.has(t.text),
    )
    .map((t) => t.text);
  if (
    filters.minPrice !== undefined &&
    filters.maxPrice !== undefined &&
    filters.minPrice > filters.maxPrice
  ) {
    [filters.minPrice, filters.maxPrice] = [filters.maxPrice, filters.minPrice];
  }
  // A bound no car can have ('under 160089620402') filters nothing, as a search the list would refuse.
  for (const bound of ['minPrice', 'maxPrice'] as const)
    if ((filters[bound] ?? 0) > MAX_PRICE) delete filters[bound];
  if ((filters.maxMileage ?? 0) > MAX_MILEAGE) delete filters.maxMileage;
  if (filters.minYear !== undefined && filters.maxYear !== undefined && filters.minYear > filters.maxYear) {
    [filters.minYear, filters.maxYear] = [filters.maxYear, filters.minYear];
  }
  if (Object.keys(filters).length === 0 && soft.size === 0 && unmatchedWords.length) {
    filters.search = unmatchedWords.join(' ');
  }
  return { filters, soft: [...soft], unmatchedWords };
}

const INTENTS_BY_FIRST_WORD: ReadonlyMap<string, readonly string[]> = (() => {
  const byFirst = new Map<string, string[]>();
  for (const phrase of Object.keys(INTENT_WORDS)) {
    const first = phrase.split(' ')[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), phrase]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.split(' ').length - a.split(' ').length);
  return byFirst;
})();

/** Reads the uses named and answers them, each as its list of preferences (FIRST_CAR_PREFERENCES for a first car). */
function readIntents(tokens: Token[], soft: Set<SoftPreference>): Set<readonly SoftPreference[]> {
  const intents = new Set<readonly SoftPreference[]>();
  for (let i = 0; i < tokens.length; i++) {
    for (const phrase of INTENTS_BY_FIRST_WORD.get(tokens[i]!.text) ?? []) {
      const length = phraseAt(tokens, i, phrase);
      if (!length || !spanIsFree(tokens, i, i + length)) continue;
      for (const preference of INTENT_WORDS[phrase]!) soft.add(preference);
      intents.add(INTENT_WORDS[phrase]!);
      markUsed(tokens, i, i + length);
      break;
    }
  }
  return intents;
}

/** A head count of 1 to 16 written as digits or a word. */
function smallCount(token: Token | undefined): number | undefined {
  if (!token || token.used) return undefined;
  const value = NUMBER_WORDS[token.text] ?? (/^\d{1,2}$/.test(token.text) ? Number(token.text) : undefined);
  return value !== undefined && value >= 1 && value <= 16 ? value : undefined;
}

/** 'family of six', '7 seater', '7-seater', 'six people', '5 of us', 'we are 8', 'third row': the seats needed. */
function readSeats(tokens: Token[], filters: ReadFilters, soft: Set<SoftPreference>): void {
  const need = (seats: number) => {
    filters.minSeats = Math.max(filters.minSeats ?? 0, seats);
  };
  for (let i = 0; i < tokens.length; i++) {
    const familyOf = phraseAt(tokens, i, 'family of');
    const people = familyOf ? smallCount(tokens[i + 2]) : undefined;
    if (people !== undefined && spanIsFree(tokens, i, i + 3)) {
      need(seatsFor(people));
      soft.add('family');
      markUsed(tokens, i, i + 3);
      continue;
    }
    // 'we are 8': a bare count after the words; one followed by 'people' or 'seats' is read below, one by
    // 'years' ('were 5 years old') is no head count.
    const lead = phraseStartingAt(tokens, i, HEAD_COUNT_WORDS);
    const headCount = lead ? smallCount(tokens[i + lead]) : undefined;
    if (
      headCount !== undefined &&
      !phraseStartingAt(tokens, i + lead + 1, [...SEAT_WORDS, ...YEAR_WORDS]) &&
      spanIsFree(tokens, i, i + lead + 1)
    ) {
      need(seatsFor(headCount));
      markUsed(tokens, i, i + lead + 1);
      continue;
    }
    const row = phraseStartingAt(tokens, i, ['third row', '3rd row']);
    if (row && spanIsFree(tokens, i, i + row)) {
      need(7);
      markUsed(tokens, i, i + row);
      continue;
    }
    const count = smallCount(tokens[i]);
    if (count === undefined) continue;
    const dash = tokens[i + 1]?.text === '-' ? 1 : 0;
    const unit = phraseStartingAt(tokens, i + 1 + dash, SEAT_WORDS);
    if (!unit || !spanIsFree(tokens, i, i + 1 + dash + unit)) continue;
    const word = tokens[i + 1 + dash]!.text;
    // A number of seats is taken as said; a number of people is rounded up to the seats cars come with.
    need(word.startsWith('seat') ? count : seatsFor(count));
    markUsed(tokens, i, i + 1 + dash + unit);
  }
}

/** 'bmw 320d' -> 3 Series, 'c200' -> C-Class: codes of the make named, or of any make when none was. */
function readModelCodes(tokens: Token[], filters: ReadFilters, catalogue: CatalogueIndex): void {
  for (const [index, token] of tokens.entries()) {
    if (token.used) continue;
    // 'e200k' and '100 000' are amounts; 'e200' (E 200 is no price) may be a Mercedes.
    const amount = numberAt(tokens, index);
    if (amount && (amount.scaled || amount.unit || amount.value >= 1000)) continue;
    for (const code of MODEL_CODES) {
      const make = [...catalogue.modelsByMake.keys()].find(
        (m) => m.toLowerCase() === code.make.toLowerCase(),
      );
      if (!make || (filters.make && filters.make !== make)) continue;
      const match = code.pattern.exec(token.text);
      if (!match) continue;
      const own = catalogue.modelsByMake.get(make)!;
      const model = code
        .models(match)
        .map((name) => own.get(compact(name)))
        .find(Boolean);
      if (!model) continue;
      filters.make = make;
      filters.model = model;
      token.used = true;
      return;
    }
  }
}

/** Typo matching looks at one or two real words only, never at filler or numbers. */
function fuzzyCandidate(words: readonly string[]): boolean {
  return words.length <= 2 && words.every((w) => /^[a-z]+$/.test(w) && !VOCABULARY.has(w));
}

/** The entry nearest to `key` within its typo allowance; ties go to the first in catalogue order. */
function closest(key: string, candidates: ReadonlyMap<string, string>): string | undefined {
  const allowance = typoAllowance(key.length);
  if (allowance === 0) return undefined;
  let best: string | undefined;
  let bestDistance = allowance + 1;
  for (const [candidateKey, value] of candidates) {
    // A different first letter is almost never a typo and often another word ('watch' is not 'hatch').
    if (candidateKey.length < 4 || candidateKey[0] !== key[0]) continue;
    // Both words bound the allowance: a long query word is not a typo of a short name.
    const limit = Math.min(allowance, typoAllowance(candidateKey.length) || 1);
    const distance = editDistance(key, candidateKey, limit);
    if (distance <= limit && distance < bestDistance) {
      best = value;
      bestDistance = distance;
    }
  }
  return best;
}

function fuzzyVocabulary(
  tokens: Token[],
  filters: ReadFilters,
  soft: Set<SoftPreference>,
  options: ReadQueryOptions,
) {
  for (const token of tokens) {
    if (token.used || STOP_WORDS.has(token.text) || /\d/.test(token.text)) continue;
    const allowance = typoAllowance(token.text.length);
    if (!allowance) continue;
    let best: { distance: number; entry: PhraseEntry } | undefined;
    for (const entry of FUZZY_VOCABULARY) {
      if (entry.phrase[0] !== token.text[0]) continue;
      const distance = editDistance(token.text, entry.phrase, allowance);
      if (distance <= allowance && (!best || distance < best.distance)) best = { distance, entry };
    }
    if (best) {
      applyPhrase(best.entry, filters, soft, options.colors);
      token.used = true;
    }
  }
}

function readNumbers(tokens: Token[], filters: ReadFilters, soft: Set<SoftPreference>, currentYear: number) {
  // Relative years first: 'last 5 years', 'under 3 years old', 'less than five years old'.
  for (let i = 0; i < tokens.length; i++) {
    const amount =
      NUMBER_WORDS[tokens[i]!.text] ??
      (/^\d{1,2}$/.test(tokens[i]!.text) ? Number(tokens[i]!.text) : undefined);
    if (amount === undefined || tokens[i]!.used) continue;
    const next = tokens[i + 1]?.text;
    if (!YEAR_WORDS.includes(next ?? '')) continue;
    const lastStart = phraseEndingAt(tokens, i, [
      'last',
      'past',
      'the last',
      'the past',
      'within the last',
      'in the last',
    ]);
    const oldEnd = phraseAt(tokens, i + 2, 'old') ? i + 3 : 0;
    const youngerStart = phraseEndingAt(tokens, i, [
      'under',
      'less than',
      'below',
      'not older than',
      'at most',
      'max',
      'up to',
    ]);
    if (lastStart >= 0) {
      filters.minYear ??= currentYear - amount;
      markUsed(tokens, lastStart, i + 2);
    } else if (oldEnd && youngerStart >= 0) {
      filters.minYear ??= currentYear - amount;
      markUsed(tokens, youngerStart, oldEnd);
    } else if (oldEnd) {
      const end = oldEnd + phraseStartingAt(tokens, oldEnd, ['or newer', 'or less', 'or younger', 'max']);
      if (end > oldEnd) {
        filters.minYear ??= currentYear - amount;
        markUsed(tokens, i, end);
      }
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    if (phraseAt(tokens, i, 'this year') && spanIsFree(tokens, i, i + 2)) {
      filters.minYear ??= currentYear;
      filters.maxYear ??= currentYear;
      markUsed(tokens, i, i + 2);
    }
  }

  const spans: NumberSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.used) continue;
    const span = numberAt(tokens, i);
    if (!span || !spanIsFree(tokens, span.start, span.end)) continue;
    spans.push(span);
    i = span.end - 1;
  }

  const kindOf = (span: NumberSpan): 'year' | 'mileage' | 'price' | null => {
    if (span.unit) return 'mileage';
    const before = phraseEndingAt(
      tokens,
      span.start,
      MILEAGE_CONTEXT.map((w) => w),
    );
    // A unit already read with an earlier number ('100k km under 150k') is not context for this one.
    const contextBefore = [1, 2, 3].some((d) => {
      const token = tokens[span.start - d];
      return token !== undefined && !token.used && MILEAGE_CONTEXT.includes(token.text);
    });
    if (before >= 0 || contextBefore) {
      if (!isYearLike(span, currentYear) || span.value > 5000) return 'mileage';
    }
    if (MILEAGE_CONTEXT.includes(tokens[span.end]?.text ?? '')) return 'mileage';
    if (isYearLike(span, currentYear)) return 'year';
    // Cars cost thousands: 'e46' and a bare '1400' are names, not prices.
    if ((span.currency || span.scaled) && span.value >= 1000) return 'price';
    if (span.value >= 10_000) return 'price';
    return null;
  };

  const used = new Set<NumberSpan>();
  // Ranges: 'between X and Y', 'X - Y', 'X to Y', 'from X to Y'.
  for (let s = 0; s + 1 < spans.length; s++) {
    const a = spans[s]!;
    const b = spans[s + 1]!;
    const joiner = phraseStartingAt(tokens, a.end, ['and', '-', 'to', 'till', 'until']);
    // Two years side by side ('rav4 2020 2021') are a range too.
    const bothYears = isYearLike(a, currentYear) && isYearLike(b, currentYear);
    if (!(joiner && a.end + joiner === b.start) && !(bothYears && a.end === b.start)) continue;
    const opener = phraseEndingAt(tokens, a.start, [
      'between',
      'from',
      'price between',
      'priced between',
      'budget between',
      'budget of',
    ]);
    const joinWord = tokens[a.end]!.text;
    if (joinWord === 'and' && opener < 0 && !bothYears) continue;
    const kindB = kindOf(b);
    let kindA = kindOf(a);
    // 'between 500 and 900k': the first number takes the second's scale.
    if (kindB === 'price' && !a.scaled && !a.currency && b.scaled && a.value < 1000) {
      a.value *= b.value >= 1_000_000 && b.value / 1_000_000 >= a.value ? 1_000_000 : 1_000;
      kindA = 'price';
    }
    if (kindB === 'mileage' && kindA !== 'year') kindA = 'mileage';
    if (kindA === 'price' && kindB === 'year' && b.value < 10_000) continue;
    const kind =
      kindA === 'year' && kindB === 'year'
        ? 'year'
        : kindB === 'mileage'
          ? 'mileage'
          : kindA === 'price' || kindB === 'price'
            ? 'price'
            : null;
    if (!kind) continue;
    const low = Math.min(a.value, b.value);
    const high = Math.max(a.value, b.value);
    if (kind === 'year') {
      filters.minYear ??= low;
      filters.maxYear ??= high;
    } else if (kind === 'price') {
      filters.minPrice ??= low;
      filters.maxPrice ??= high;
    } else {
      filters.maxMileage ??= toKm(high, b.unit ?? a.unit);
    }
    markUsed(tokens, opener >= 0 ? opener : a.start, b.end);
    used.add(a).add(b);
  }

  for (const span of spans) {
    if (used.has(span)) continue;
    const kind = kindOf(span);
    if (!kind) continue;
    const startOf = (phrases: readonly string[]) => phraseEndingAt(tokens, span.start, phrases);
    const suffixOf = (phrases: readonly string[]) => phraseStartingAt(tokens, span.end, phrases);
    let from = span.start;
    let to = span.end;
    if (kind === 'year') {
      const y = span.value;
      let start: number;
      let suffix: number;
      if ((start = startOf(YEAR_AFTER)) >= 0) {
        filters.minYear ??= y + 1;
        from = start;
      } else if ((start = startOf(YEAR_BEFORE)) >= 0) {
        filters.maxYear ??= y - 1;
        from = start;
      } else if ((start = startOf(YEAR_UNTIL)) >= 0) {
        filters.maxYear ??= y;
        from = start;
      } else if ((suffix = suffixOf(YEAR_FROM_SUFFIXES))) {
        filters.minYear ??= y;
        to = span.end + suffix;
      } else if ((suffix = suffixOf(YEAR_UNTIL_SUFFIXES))) {
        filters.maxYear ??= y;
        to = span.end + suffix;
      } else if ((start = startOf([...YEAR_FROM, 'over', 'above', 'newer', 'after'])) >= 0) {
        if (tokens[start]!.text === 'over' || tokens[start]!.text === 'above') filters.minYear ??= y + 1;
        else filters.minYear ??= y;
        from = start;
      } else {
        // 'a 2018 Corolla' means that model year.
        filters.minYear ??= y;
        filters.maxYear ??= y;
      }
      // 'newer' before 'than' was protected from the vocabulary pass; it is part of this phrase now.
      markUsed(tokens, from, to);
      continue;
    }
    if (kind === 'mileage') {
      const start = startOf(MIN_COMPARATORS);
      if (start >= 0 && !['from'].includes(tokens[start]!.text)) {
        // A minimum mileage is no buyer's filter; the words are read, nothing is set.
        markUsed(tokens, start, to);
        continue;
      }
      filters.maxMileage ??= toKm(span.value, span.unit);
      const maxStart = startOf(MAX_COMPARATORS);
      if (maxStart >= 0) from = maxStart;
      markUsed(tokens, from, to);
      continue;
    }
    let start: number;
    let suffix: number;
    if ((suffix = suffixOf(MIN_SUFFIXES))) {
      filters.minPrice ??= span.value;
      to = span.end + suffix;
    } else if ((suffix = suffixOf(MAX_SUFFIXES))) {
      filters.maxPrice ??= span.value;
      to = span.end + suffix;
    } else if ((start = startOf(MAX_COMPARATORS)) >= 0) {
      filters.maxPrice ??= span.value;
      from = start;
    } else if ((start = startOf(MIN_COMPARATORS)) >= 0) {
      filters.minPrice ??= span.value;
      from = start;
    } else if ((start = startOf(AROUND_WORDS)) >= 0) {
      // 'Around 500k' reads as 10% either side.
      filters.minPrice ??= Math.round(span.value * 0.9);
      filters.maxPrice ??= Math.round(span.value * 1.1);
      from = start;
    } else {
      // A bare amount ('a Polo for 150k') is a budget.
      filters.maxPrice ??= span.value;
    }
    markUsed(tokens, from, to);
  }
  void soft;
}

function toKm(value: number, unit: 'km' | 'mi' | null): number {
  return unit === 'mi' ? Math.round((value * KM_PER_MILE) / 1000) * 1000 : value;
}
