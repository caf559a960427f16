// The example page's script: builds a Skein from the provider form and runs one chat
// completion, streamed or whole; sends into a saved conversation; or puts the `<skein-chat>`
// element in the page with that provider. Everything it uses is the package's public API.

import Skein, { SkeinError } from './skein/index.js';
import './skein/element.js';

const provider = document.getElementById('provider');
const ask = document.getElementById('ask');
const stop = document.getElementById('stop');
const status = document.getElementById('status');
const output = document.getElementById('output');

function say(text, isError = false) {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

async function run(mode) {
  const fields = Object.fromEntries(new FormData(provider));
  const controller = new AbortController();
  stop.disabled = false;
  stop.onclick = () => controller.abort();
  output.textContent = '';
  say(mode === 'stream' ? 'Streaming…' : 'Waiting for the whole answer…');
  try {
    const skein = await Skein.create({ providers: [{ ...fields, id: 'example' }] });
    const request = {
      model: fields.model,
      messages: [{ role: 'user', content: new FormData(ask).get('message') }],
    };
    const options = { signal: controller.signal, onWarning: (message) => say(message) };
    if (mode === 'stream') {
      const stream = await skein.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, options);
      for await (const chunk of stream) output.textContent += chunk.choices[0]?.delta.content ?? '';
      const done = await stream.finalChatCompletion();
      say(`Done (${done.choices[0].finish_reason}).`);
    } else {
      const done = await skein.chat.completions.create(request, options);
      output.textContent = done.choices[0].message.content ?? '';
      say(`Done (${done.choices[0].finish_reason}).`);
    }
  } catch (error) {
    const kind = error instanceof SkeinError ? `${error.kind}${error.status ? `, HTTP ${error.status}` : ''}: ` : '';
    say(`${kind}${error.message}`, true);
  } finally {
    stop.disabled = true;
  }
}

ask.addEventListener('submit', (event) => {
  event.preventDefault();
  run(event.submitter?.value ?? 'stream');
});

const showChat = document.getElementById('show-chat');
const events = document.getElementById('events');

function logEvent(event) {
  const item = document.createElement('li');
  const { detail } = event;
  item.textContent = `${event.type}: ${detail.status ?? detail.kind} — ${detail.text ?? detail.message}`;
  events.append(item);
}

showChat.addEventListener('click', () => {
  const fields = Object.fromEntries(new FormData(provider));
  const chat = document.createElement('skein-chat');
  chat.setAttribute('storage', 'skein-example');
  chat.setAttribute('model', fields.model);
  chat.providers = [{ ...fields, id: 'example' }];
  chat.addEventListener('skein-message', logEvent);
  chat.addEventListener('skein-error', logEvent);
  document.getElementById('chat-slot').append(chat);
  showChat.disabled = true;
});

const saved = document.getElementById('saved');
const savedOutput = document.getElementById('saved-output');
const savedList = document.getElementById('saved-list');
let conversationId;

saved.addEventListener('submit', async (event) => {
  event.preventDefault();
  const fields = Object.fromEntries(new FormData(provider));
  savedOutput.textContent = '';
  try {
    const skein = await Skein.create({ providers: [{ ...fields, id: 'example' }], storage: 'skein-example-api' });
    const generation = skein.conversations.send({ conversationId, text: new FormData(saved).get('text') });
    for await (const update of generation) {
      if (update.type === 'delta') savedOutput.textContent += update.text;
    }
    const reply = await generation.reply;
    conversationId = reply.conversation_id;
    savedOutput.textContent = reply.text;
    const titles = (await skein.conversations.list()).map((c) => {
      const item = document.createElement('li');
      item.textContent = c.title;
      return item;
    });
    savedList.replaceChildren(...titles);
  } catch (error) {
    savedOutput.textContent = `${error.kind ?? 'error'}: ${error.message}`;
  }
});
