import { readSearchQuery, type QueryReading } from '@autoreel/core';
import type { AiProvider, QueryContext } from './ai-provider.ts';
import {
  enhanceDescription,
  writeListing,
  type DescriptionFacts,
  type ListingSpecs,
  type WrittenListing,
} from './listing-writer.ts';

/** Rules and templates only: works offline, answers the same for the same input. */
export class LocalAiProvider implements AiProvider {
  readonly name = 'local' as const;

  async readQuery(query: string, context: QueryContext): Promise<QueryReading> {
    return readSearchQuery(query, context);
  }

  async writeListing(specs: ListingSpecs): Promise<WrittenListing> {
    return writeListing(specs);
  }

  async enhanceDescription(description: string, facts: DescriptionFacts): Promise<string> {
    return enhanceDescription(description, facts);
  }
}
