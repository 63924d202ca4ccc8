export { ApiError, type FieldError } from './api-error.ts';
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
  type RouteCallOptions,
  type RequestOptions,
  type SessionTokens,
  type TokenStore,
} from './http-client.ts';
export { type StreamHandlers } from './event-stream.ts';
export { type ServerEvent } from './sse-parser.ts';
export { type UploadProgress } from './xhr-upload.ts';
