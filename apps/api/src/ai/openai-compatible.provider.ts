import { BODY_TYPES, CONDITIONS, FUEL_TYPES, TRANSMISSIONS } from '@autoreel/core';
import { SELECTABLE_FEATURES } from '@autoreel/core';
import { SOFT_PREFERENCES, type QueryReading, type ReadFilters } from '@autoreel/core';
import { z } from 'zod';
import type { AiLogger, AiProvider, QueryContext } from './ai-provider.ts';
import {
  MAX_FEATURES,
  MIN_FEATURES,
  contradictionOf,
  suggestFeatures,
  type DescriptionFacts,
  type ListingSpecs,
  type WrittenListing,
} from './listing-writer.ts';

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Answers whenever the service fails or its answer is unusable. */
  fallback: AiProvider;
  logger: AiLogger;
}

const money = z.number().nonnegative().max(1_000_000_000);
const year = z.number().int().min(1900).max(2100);

const ReadingSchema = z.object({
  filters: z
    .object({
      make: z.string().trim().min(1).max(50),
      model: z.string().trim().min(1).max(80),
      bodyType: z.enum(BODY_TYPES),
      fuelType: z.enum(FUEL_TYPES),
      transmission: z.enum(TRANSMISSIONS),
      condition: z.enum(CONDITIONS),
      minPrice: money,
      maxPrice: money,
      minYear: year,
      maxYear: year,
      maxMileage: z.number().nonnegative().max(2_000_000),
      color: z.string().trim().min(1).max(30),
    })
    .partial(),
  soft: z.array(z.string()).max(20).default([]),
  unmatchedWords: z.array(z.string().max(100)).max(50).default([]),
});

const ListingSchema = z.object({
  description: z.string().trim().min(20).max(5000),
  features: z.array(z.string()).max(30),
});

const EnhancedSchema = z.object({ description: z.string().trim().min(1).max(10_000) });

const ChatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

class ProviderAnswerError extends Error {}

/**
 * Any service speaking the OpenAI chat completions protocol (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio...).
 * Answers are requested as JSON and validated; a timeout, an HTTP error, a network error or an answer that is
 * not the JSON asked for makes the local engine answer instead, so clients never see the service fail.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai-compatible' as const;
  readonly #options: OpenAiCompatibleOptions;

  constructor(options: OpenAiCompatibleOptions) {
    this.#options = options;
  }

  async readQuery(query: string, context: QueryContext): Promise<QueryReading> {
    return this.#withFallback(
      'readQuery',
      async () => {
        const makes = context.catalogue.map((make) => make.name).join(', ');
        const answer = ReadingSchema.parse(
          await this.#complete(
            [
              "You read a car buyer's search into filters. Answer only JSON of the form",
              '{"filters": {...}, "soft": [...], "unmatchedWords": [...]}.',
              `filters may hold make (one of: ${makes}), model, bodyType (${BODY_TYPES.join(', ')}),`,
              `fuelType (${FUEL_TYPES.join(', ')}), transmission (${TRANSMISSIONS.join(', ')}),`,
              `condition (${CONDITIONS.join(', ')}), color (${context.colors.join(', ')}), minPrice, maxPrice,`,
              `minYear, maxYear, maxMileage (km). The current year is ${context.currentYear}.`,
              `soft may hold: ${SOFT_PREFERENCES.join(', ')}. Leave out anything the query does not say.`,
            ].join(' '),
            query,
          ),
        );
        const soft = answer.soft.filter((s): s is (typeof SOFT_PREFERENCES)[number] =>
          (SOFT_PREFERENCES as readonly string[]).includes(s),
        );
        const filters: ReadFilters = Object.fromEntries(
          Object.entries(answer.filters).filter(([, value]) => value !== undefined),
        );
        return { filters, soft, unmatchedWords: answer.unmatchedWords };
      },
      () => this.#options.fallback.readQuery(query, context),
    );
  }

  async writeListing(specs: ListingSpecs): Promise<WrittenListing> {
    return this.#withFallback(
      'writeListing',
      async () => {
        const answer = ListingSchema.parse(
          await this.#complete(
            [
              'You write a car listing. Answer only JSON of the form {"description": "...", "features": [...]}.',
              'The description uses only the specs given: never invent service history, owners, accidents,',
              'engine sizes or extras. Describe the car as the bodyType, fuelType and transmission given (a',
              'Truck is a pickup, called a bakkie here); never call it another body type or engine.',
              `features are 5 to 8 names chosen from: ${SELECTABLE_FEATURES.join(', ')}.`,
            ].join(' '),
            JSON.stringify(specs),
          ),
        );
        // A text that calls a bakkie 'a comfortable sedan' is worse than the local writer's: use that instead.
        const contradiction = contradictionOf(answer.description, specs);
        if (contradiction) throw new Error(`description contradicts the specs: ${contradiction}`);
        // Only catalogue names count; a short list is topped up with the local suggestions.
        const known = new Set(SELECTABLE_FEATURES);
        const features = [...new Set(answer.features.filter((f) => known.has(f)))];
        for (const suggestion of suggestFeatures(specs)) {
          if (features.length >= MIN_FEATURES) break;
          if (!features.includes(suggestion)) features.push(suggestion);
        }
        return { description: answer.description, features: features.slice(0, MAX_FEATURES) };
      },
      () => this.#options.fallback.writeListing(specs),
    );
  }

  async enhanceDescription(description: string, facts: DescriptionFacts): Promise<string> {
    return this.#withFallback(
      'enhanceDescription',
      async () => {
        const answer = EnhancedSchema.parse(
          await this.#complete(
            [
              'You tidy a car listing description. Answer only JSON of the form {"description": "..."}.',
              'Fix spelling, spacing, capitals and punctuation; keep every fact of the original; add the facts',
              'of carData that it does not mention; add nothing else.',
            ].join(' '),
            JSON.stringify({ description, carData: facts }),
          ),
        );
        return answer.description;
      },
      () => this.#options.fallback.enhanceDescription(description, facts),
    );
  }

  async #withFallback<T>(operation: string, remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await remote();
    } catch (error) {
      this.#options.logger.warn(
        {
          provider: this.name,
          operation,
          baseUrl: this.#options.baseUrl,
          reason:
            error instanceof z.ZodError
              ? 'answer did not match the expected JSON'
              : String((error as Error).message),
        },
        'AI provider failed; the local engine answered',
      );
      return local();
    }
  }

  /** One chat completion asking for a JSON object; answers the parsed JSON of the reply. */
  async #complete(instructions: string, input: string): Promise<unknown> {
    const { baseUrl, apiKey, model, timeoutMs } = this.#options;
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({
        model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: input },
        ],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      // The body is drained so the connection can be reused; its text may echo the request, so it is not logged.
      await response.arrayBuffer().catch(() => undefined);
      throw new ProviderAnswerError(`HTTP ${response.status}`);
    }
    const chat = ChatAnswerSchema.parse(await response.json());
    const content = chat.choices[0]!.message.content.trim();
    // Some models wrap JSON in a Markdown fence even when asked not to.
    const json = content.replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
    try {
      return JSON.parse(json) as unknown;
    } catch {
      throw new ProviderAnswerError('answer was not JSON');
    }
  }
}
