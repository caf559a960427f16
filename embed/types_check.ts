// Compiled by `cargo xtask test` with `tsc --noEmit --strict` against `index.d.ts`: the uses a
// page makes type-check, and the mistakes below are rejected (each `@ts-expect-error` fails the
// check if its line becomes valid).

import Skein, { SkeinError, type ChatCompletion, type ChatCompletionChunk } from './index.js';
import { SkeinChatElement } from './element.js';

export async function uses(): Promise<string> {
  const skein = await Skein.create({
    providers: [
      { id: 'local', protocol: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen3' },
      { protocol: 'anthropic', apiKey: 'key', models: ['claude-sonnet-4-5'], fallbacks: ['local'] },
    ],
  });
  const whole: ChatCompletion = await skein.chat.completions.create({
    model: 'local/qwen3',
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'done' },
    ],
    tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    temperature: 0.2,
  });
  let text = whole.choices[0].message.content ?? '';
  const controller = new AbortController();
  const stream = await skein.chat.completions.create(
    { messages: [{ role: 'user', content: 'Hi' }], stream: true, stream_options: { include_usage: true } },
    { signal: controller.signal, onWarning: (message: string) => console.warn(message) },
  );
  for await (const chunk of stream) {
    const piece: ChatCompletionChunk = chunk;
    text += piece.choices[0]?.delta.content ?? '';
  }
  const final: ChatCompletion = await stream.finalChatCompletion();
  const models = await skein.models.list({ provider: 'local' });
  try {
    await skein.chat.completions.create({ messages: [] });
  } catch (error) {
    if (error instanceof SkeinError && error.kind === 'rate_limit') text += String(error.retryAfterMs ?? 0);
  }
  return text + final.id + models.data.map((m) => m.id).join();
}

export async function conversations(): Promise<number> {
  const skein = await Skein.create({ providers: [{ protocol: 'openai', model: 'm' }], storage: 'memory' });
  const generation = skein.conversations.send({ text: 'Hi' }, { onEvent: (e) => void e.type });
  let text = '';
  for await (const event of generation) if (event.type === 'delta') text += event.text;
  const reply = await generation.reply;
  const again = skein.conversations.regenerate({ conversationId: reply.conversation_id, messageId: reply.id });
  await again.reply;
  const branch = await skein.conversations.switchBranch({ conversationId: reply.conversation_id, messageId: reply.id, offset: -1 });
  await skein.conversations.decide({ conversationId: 'c', messageId: 'm', callId: 'k', decision: { deny: 'no' } }).reply;
  // @ts-expect-error: a decision is approve, deny, { deny } or { answer }
  skein.conversations.decide({ conversationId: 'c', messageId: 'm', callId: 'k', decision: 'maybe' });
  // @ts-expect-error: regenerating needs the conversation
  skein.conversations.regenerate({ messageId: 'm' });
  const { conversation } = await skein.conversations.open(reply.conversation_id);
  return text.length + branch[0].siblings.count + conversation.title.length + (await skein.conversations.list()).length;
}

export function element(): SkeinChatElement {
  const chat = document.createElement('skein-chat');
  chat.providers = [{ protocol: 'gemini', apiKey: 'key', model: 'gemini-2.5-flash' }];
  chat.addEventListener('skein-message', (event) => console.log(event.detail.text, event.detail.status));
  chat.addEventListener('skein-error', (event) => console.log(event.detail.kind === 'authentication'));
  // @ts-expect-error: the detail of skein-message has no `kind`
  chat.addEventListener('skein-message', (event) => event.detail.kind);
  return chat;
}

export async function mistakes(skein: Skein): Promise<void> {
  // @ts-expect-error: a protocol Skein does not speak
  await Skein.create({ providers: [{ protocol: 'cohere' }] });
  // @ts-expect-error: a role OpenAI does not have
  await skein.chat.completions.create({ messages: [{ role: 'robot', content: 'x' }] });
  // @ts-expect-error: a streamed request gives a stream, not a completion
  const wrong: ChatCompletion = await skein.chat.completions.create({ messages: [], stream: true });
  // @ts-expect-error: the constructor is private: use Skein.create
  new Skein();
  // @ts-expect-error: an error kind the engine never reports
  const kind: SkeinError['kind'] = 'teapot';
  void wrong;
  void kind;
}
