// Types of Skein's embeddable module (`index.js`). The request and response shapes are
// OpenAI's Chat Completions shapes; the fields Skein reads are listed, others are accepted and
// ignored.

export type Protocol = 'openai' | 'anthropic' | 'gemini';

/** One provider Skein may call. */
export interface ProviderConfig {
  /** Names the provider in `model: "<id>/<model>"` and in `fallbacks`; defaults to the protocol. */
  id?: string;
  protocol: Protocol;
  /** Defaults to the protocol's hosted API. */
  baseUrl?: string;
  apiKey?: string;
  /** The model used when a request names none (or only this provider's id). */
  model?: string;
  /** Models this provider serves, for routing a request's `model` here. */
  models?: string[];
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Extra JSON merged into every chat request's body. */
  body?: Record<string, unknown>;
  /** Ids of providers tried in order when this one fails before answering. */
  fallbacks?: string[];
}

export interface SkeinOptions {
  providers: ProviderConfig[];
}

export type ErrorKind =
  | 'invalid_request'
  | 'aborted'
  | 'authentication'
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'timeout'
  | 'request'
  | 'blocked'
  | 'other';

export class SkeinError extends Error {
  readonly name: 'SkeinError';
  readonly kind: ErrorKind;
  /** The provider's HTTP status, when it refused the request. */
  readonly status?: number;
  /** How long the provider asked to wait before trying again, in milliseconds. */
  readonly retryAfterMs?: number;
}

export interface TextPart {
  type: 'text';
  text: string;
}

/** Only `data:image/…;base64,` URLs: Skein does not fetch images from addresses. */
export interface ImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatCompletionMessageParam =
  | { role: 'system' | 'developer'; content: string | TextPart[]; name?: string }
  | { role: 'user'; content: string | Array<TextPart | ImagePart>; name?: string }
  | { role: 'assistant'; content?: string | TextPart[] | null; tool_calls?: ToolCall[]; name?: string }
  | { role: 'tool'; tool_call_id: string; content: string | TextPart[] };

export interface FunctionTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatCompletionCreateParams {
  /** `"<provider id>/<model>"`, a model a provider lists, or empty for the first provider's default. */
  model?: string;
  messages: ChatCompletionMessageParam[];
  tools?: FunctionTool[];
  tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  temperature?: number | null;
  top_p?: number | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | null;
  /** Only 1. */
  n?: 1 | null;
}

export interface ChatCompletionCreateParamsStreaming extends ChatCompletionCreateParams {
  stream: true;
}

export interface ChatCompletionCreateParamsNonStreaming extends ChatCompletionCreateParams {
  stream?: false | null;
}

export interface RequestOptions {
  /** Stops the request; it then rejects (or the stream throws) with kind `aborted`. */
  signal?: AbortSignal;
  /** Told what does not stop the answer: a retry after a wait, a fallback provider. */
  onWarning?: (message: string) => void;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      refusal: null;
      reasoning_content?: string;
      tool_calls?: ToolCall[];
    };
    logprobs: null;
    finish_reason: FinishReason;
  }>;
  usage: CompletionUsage | null;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint: null;
  choices: Array<{
    index: number;
    delta: {
      role?: 'assistant';
      content?: string;
      reasoning_content?: string;
      tool_calls?: Array<{
        index: number;
        id?: string;
        type?: 'function';
        function: { name?: string; arguments: string };
      }>;
    };
    logprobs: null;
    finish_reason: FinishReason | null;
  }>;
  /** Only on the last chunk, with `stream_options.include_usage`. */
  usage?: CompletionUsage | null;
}

export class ChatCompletionStream implements AsyncIterable<ChatCompletionChunk> {
  /** Aborting it stops the request. */
  readonly controller: AbortController;
  /** The whole answer, once the stream has ended. */
  finalChatCompletion(): Promise<ChatCompletion>;
  [Symbol.asyncIterator](): AsyncIterator<ChatCompletionChunk>;
}

export interface Model {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  display_name: string | null;
  context_window: number | null;
}

/** Loads the WebAssembly module (once); `Skein.create` and `<skein-chat>` call it. */
export function load(): Promise<unknown>;

export class Skein {
  /** Loads the WebAssembly module (once) and checks the providers. */
  static create(options: SkeinOptions): Promise<Skein>;
  private constructor();
  readonly chat: {
    completions: {
      create(body: ChatCompletionCreateParamsStreaming, options?: RequestOptions): Promise<ChatCompletionStream>;
      create(body: ChatCompletionCreateParamsNonStreaming, options?: RequestOptions): Promise<ChatCompletion>;
      create(body: ChatCompletionCreateParams, options?: RequestOptions): Promise<ChatCompletion | ChatCompletionStream>;
    };
  };
  readonly models: {
    /** The models of provider `provider` (the first when absent). */
    list(options?: { provider?: string; signal?: AbortSignal }): Promise<{ object: 'list'; data: Model[] }>;
  };
}

export default Skein;
