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
  /** The IndexedDB database of `conversations`: the app's own (`skein`) by default, or `'memory'`. */
  storage?: string;
}

export type ErrorKind =
  | 'invalid_request'
  | 'aborted'
  | 'storage'
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
  /** Left out when the provider reported none. */
  usage?: CompletionUsage;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  /** Never sent: Skein has no backend configuration to fingerprint. */
  system_fingerprint?: string;
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
  /** Two streams that each see every chunk (as the `openai` package's `Stream.tee`). */
  tee(): [ChatCompletionStream, ChatCompletionStream];
  /** The chunks as bytes, one JSON chunk per line (as the `openai` package writes them). */
  toReadableStream(): ReadableStream<Uint8Array>;
}

export interface Model {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  display_name: string | null;
  context_window: number | null;
}

export interface Conversation {
  id: string;
  title: string;
  created_at_ms: number;
  updated_at_ms: number;
  current_leaf_id: string | null;
  title_locked: boolean;
  suggestions?: string[];
  assistant_id?: string;
}

/** A stored message (its typed `parts`, status, usage…) with its `text`. */
export interface Message {
  id: string;
  conversation_id: string;
  parent_id: string | null;
  role: 'user' | 'assistant' | 'system';
  status: 'streaming' | 'complete' | 'incomplete' | 'error' | 'awaiting_approval';
  text: string;
  parts: Array<Record<string, unknown> & { type: string }>;
  model?: string | null;
  error?: string | null;
  error_kind?: string | null;
  created_at_ms: number;
  [field: string]: unknown;
}

/** A message of the current branch, with its place among its siblings (position from 0). */
export interface BranchMessage extends Message {
  siblings: { position: number; count: number };
}

export type GenerationEvent =
  | { type: 'conversation'; conversation: Conversation }
  | { type: 'message'; message: Message }
  | { type: 'branch'; conversationId: string; branch: BranchMessage[] }
  | { type: 'delta'; messageId: string; text: string }
  | { type: 'reasoning'; messageId: string; text: string }
  | { type: 'finished'; message: Message }
  | { type: 'warning'; message: string }
  /** The generation waits before trying again (a retry, a rate limit): why, or `null` once the wait is over. */
  | { type: 'waiting'; message: string | null }
  | { type: 'done'; conversationId: string }
  | { type: 'unsaved'; conversationId: string; messageId: string; message: string }
  | { type: 'progress'; messageId: string; processed: number; total: number }
  /** How far a long tool call has got (an MCP server's progress), as a line of text. */
  | { type: 'tool_progress'; messageId: string; callId: string; text: string }
  /** What the turn planned before its request: the tools offered, and whether knowledge and memory are retrieved. */
  | { type: 'planned'; messageId: string; tools: string[]; knowledge: boolean; memory: boolean };

export type ToolDecision = 'approve' | 'deny' | { deny: string } | { answer: string };

export interface GenerationOptions {
  /** Routed as for a completion; the first provider's default when absent. */
  model?: string;
  /** The assistant (its id); the conversation's, or the default one, when absent. */
  assistantId?: string;
  /** How your page shows the answer: `'markdown'` (the default) or `'plain'`, which asks the model for plain text. */
  format?: 'markdown' | 'plain';
  signal?: AbortSignal;
  onEvent?: (event: GenerationEvent) => void;
}

/** One action in a conversation: its events with `for await`, its reply in `reply`. */
export class Generation implements AsyncIterable<GenerationEvent> {
  readonly controller: AbortController;
  /** The reply's record once the answer ended (also when it failed: see its `status`). */
  readonly reply: Promise<Message>;
  stop(): void;
  [Symbol.asyncIterator](): AsyncIterator<GenerationEvent>;
}

export interface Conversations {
  /** Every conversation, the most recent first. */
  list(): Promise<Conversation[]>;
  open(conversationId: string): Promise<{ conversation: Conversation; branch: BranchMessage[] }>;
  assistants(): Promise<Array<{ id: string; name: string }>>;
  /** Shows the sibling `offset` away (‹ ›); the new branch. */
  switchBranch(target: { conversationId: string; messageId: string; offset: number }): Promise<BranchMessage[]>;
  /** Stops the answer being generated; `true` when there was one. */
  stop(conversationId: string): Promise<boolean>;
  /** A question, in a new conversation unless `conversationId` is given. */
  send(action: { conversationId?: string; text: string } & GenerationOptions, options?: GenerationOptions): Generation;
  regenerate(action: { conversationId: string; messageId: string } & GenerationOptions, options?: GenerationOptions): Generation;
  continue(action: { conversationId: string; messageId: string } & GenerationOptions, options?: GenerationOptions): Generation;
  retry(action: { conversationId: string; messageId: string } & GenerationOptions, options?: GenerationOptions): Generation;
  edit(action: { conversationId: string; messageId: string; text: string } & GenerationOptions, options?: GenerationOptions): Generation;
  decide(action: { conversationId: string; messageId: string; callId: string; decision: ToolDecision } & GenerationOptions, options?: GenerationOptions): Generation;
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
  /** The conversations of this Skein's `storage`, with the app's whole chat pipeline. */
  readonly conversations: Conversations;
  readonly models: {
    /** The models of provider `provider` (the first when absent). */
    list(options?: { provider?: string; signal?: AbortSignal }): Promise<{ object: 'list'; data: Model[] }>;
  };
}

export default Skein;
