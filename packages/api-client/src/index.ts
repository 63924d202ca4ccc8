export { ApiError, type FieldError } from './api-error.ts';
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type RequestOptions,
  type SessionTokens,
  type TokenStore,
} from './http-client.ts';
