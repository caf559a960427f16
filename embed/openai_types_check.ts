// Compiled by `cargo xtask test` with `tsc --noEmit --strict`: what Skein's embeddable package
// returns is assignable to the `openai` package's own types (xtask/tools installs the package
// for its declarations only), so code written for the OpenAI SDK takes Skein's answers as they
// are: completions, chunks, and the stream's `tee()` and `toReadableStream()`.

import type {
  ChatCompletion as OpenAiCompletion,
  ChatCompletionChunk as OpenAiChunk,
} from '../xtask/tools/node_modules/openai/resources/chat/completions/completions.js';
import Skein from './index.js';

export async function assignable(): Promise<number> {
  const skein = await Skein.create({ providers: [{ protocol: 'openai', model: 'm' }] });
  const whole: OpenAiCompletion = await skein.chat.completions.create({
    messages: [{ role: 'user', content: 'Hi' }],
  });
  const stream = await skein.chat.completions.create({
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  const [left, right] = stream.tee();
  let count = whole.choices.length;
  for await (const chunk of left) {
    const openai: OpenAiChunk = chunk;
    count += openai.choices.length;
  }
  const bytes: ReadableStream<Uint8Array> = right.toReadableStream();
  const final: OpenAiCompletion = await stream.finalChatCompletion();
  return count + (bytes.locked ? 0 : 1) + final.choices.length;
}
