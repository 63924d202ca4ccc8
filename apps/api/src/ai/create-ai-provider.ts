import type { Config } from '../config/config.ts';
import type { AiLogger, AiProvider } from './ai-provider.ts';
import { LocalAiProvider } from './local-ai.provider.ts';
import { OpenAiCompatibleProvider } from './openai-compatible.provider.ts';

/** The local engine unless an OpenAI-compatible service is fully configured; that one falls back to local. */
export function createAiProvider(config: Config['ai'], logger: AiLogger): AiProvider {
  const local = new LocalAiProvider();
  if (!config) return local;
  return new OpenAiCompatibleProvider({ ...config, fallback: local, logger });
}
